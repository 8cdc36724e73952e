/** The portal's mark (an eight-point girih star on the flag's azure) and wordmark, linking home. */
import { useT } from '../runtime/i18n'

const STAR =
  'M16 5.5L19.08 8.58H23.42V12.92L26.5 16L23.42 19.08V23.42H19.08L16 26.5L12.92 23.42H8.58V19.08L5.5 16L8.58 12.92V8.58H12.92Z'
const CORE = 'M16 11.8L17.4 14.6L20.2 16L17.4 17.4L16 20.2L14.6 17.4L11.8 16L14.6 14.6Z'

/** The mark alone, decorative. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0072A3" />
      <path d={STAR} fill="none" stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />
      <path d={CORE} fill="#7fd3ef" />
    </svg>
  )
}

/** Mark and name, inside the header's link home (kept as the edge drew it, `site-header.tsx`). */
export function LogoContent() {
  const t = useT()
  return (
    <>
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">{t('site.name')}</span>
        <span className="logo__country">{t('site.country')}</span>
      </span>
    </>
  )
}
