/** Signing in to the operator console of the e2e stack as a demo operator, as on Access's login page. */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CONSOLE_ORIGIN } from './console-config'
import { expect } from './fixtures'

/** The demo operators (gateway/seed/operators.json, and the first admin of the local FIRST_ADMIN_EMAIL). */
export const CONSOLE_OPERATORS = {
  moderator: 'moderator@demo.invest.example',
  editor: 'editor@demo.invest.example',
  admin: 'admin@demo.invest.example',
} as const

export type ConsoleSession = { context: BrowserContext; page: Page; errors: string[] }

/**
 * A browser of the operator's own, signed in as the demo operator of `role` through the stand-in's login page, on the
 * console's overview (`javaScriptEnabled: false`: a browser without scripts). Its console errors (a blocked style, a
 * failed load) are collected for the test to check.
 */
export async function signInToConsole(
  browser: Browser,
  role: keyof typeof CONSOLE_OPERATORS,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<ConsoleSession> {
  const context = await browser.newContext({ baseURL: CONSOLE_ORIGIN, ...options })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  await page.goto('/en')
  await expect(page).toHaveURL(/\/cdn-cgi\/access\/login/)
  await page.getByRole('link', { name: new RegExp(CONSOLE_OPERATORS[role].replace(/[.]/g, '\\.')) }).click()
  await expect(page).toHaveURL(`${CONSOLE_ORIGIN}/en`)
  return { context, page, errors }
}
