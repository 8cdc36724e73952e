/** `seedAll`: content and core seed in one idempotent run; `resetAll` wipes every table first (dev only). */
import { CONTENT_TABLES, seedContent } from './content'
import { seedCore } from './core'

const CORE_TABLES = [
  'event_application_documents', 'event_applications', 'business_registrations', 'investor_registrations', 'contact_requests',
  'personal_project_budgets', 'personal_projects', 'files', 'appeal_responses', 'appeals', 'notifications', 'fcm_tokens',
  'oneid_codes', 'outbox', 'rate_limits', 'reset_links', 'tokens', 'profiles', 'personal_services', 'appeal_topics', 'users',
] as const

export async function seedAll(env: Env, now = new Date()): Promise<Record<string, number>> {
  const counts = await seedContent(env, now)
  await seedCore(env, now)
  return counts
}

export async function resetAll(env: Env): Promise<void> {
  await env.DB.batch([...CORE_TABLES, ...CONTENT_TABLES].map((t) => env.DB.prepare(`DELETE FROM ${t}`)))
}
