/**
 * The whitelisted public configuration (bot protection, Firebase) for components: `useConfig()`; the origin:
 * `useOrigin()`.
 */
import { createContext, type ReactNode, useContext } from 'react'
import type { PublicConfig } from '../../shared/state/config'

const ConfigContext = createContext<PublicConfig | null>(null)

export function ConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>
}

/** The public config the edge embedded in the page. */
export function useConfig(): PublicConfig {
  const value = useContext(ConfigContext)
  if (!value) throw new Error('useConfig() outside <ConfigProvider>')
  return value
}

const OriginContext = createContext('')

/** The portal's public origin (the edge's, as canonical links use it), for absolute addresses of the page. */
export function OriginProvider({ value, children }: { value: string; children: ReactNode }) {
  return <OriginContext.Provider value={value}>{children}</OriginContext.Provider>
}

export function useOrigin(): string {
  return useContext(OriginContext)
}
