/**
 * Notifications the gateway creates when appeals and projects change state (docs/gateway-contract.md#notifications).
 */

import type { Locale } from '../../../../contract/locales'
import { publishToUser } from '../../integrations/realtime'
import type { RequestScope } from '../../lib/context'
import { queuePush } from './push'

/** Notification types of docs/gateway-contract.md#notifications. */
export type NotificationType =
  | 'registration'
  | 'event_registration'
  | 'new_appeal'
  | 'appeal_forwarded'
  | 'appeal_rejected'
  | 'new_appeal_response'
  | 'new_appeal_comment'
  | 'new_project'
  | 'update_project'
  | 'project_rejected'
  | 'project_approved'

type Template = Record<Locale, (n: string) => string>

const TEMPLATES: Record<NotificationType, Template> = {
  registration: {
    en: () => 'Your registration request has been received.',
    ru: () => 'Ваша заявка на регистрацию получена.',
    uz: () => 'Ro‘yxatdan o‘tish arizangiz qabul qilindi.',
  },
  event_registration: {
    en: (n) => `Your application for the event "${n}" has been received.`,
    ru: (n) => `Ваша заявка на участие в мероприятии «${n}» получена.`,
    uz: (n) => `“${n}” tadbirida ishtirok etish arizangiz qabul qilindi.`,
  },
  new_appeal: {
    en: (n) => `Your appeal No. ${n} has been registered and sent to moderation.`,
    ru: (n) => `Ваше обращение № ${n} зарегистрировано и отправлено на модерацию.`,
    uz: (n) => `№ ${n} murojaatingiz ro‘yxatga olindi va moderatsiyaga yuborildi.`,
  },
  appeal_forwarded: {
    en: (n) => `Your appeal No. ${n} has been reviewed and forwarded to the responsible department.`,
    ru: (n) => `Ваше обращение № ${n} рассмотрено и направлено в ответственное подразделение.`,
    uz: (n) => `№ ${n} murojaatingiz ko‘rib chiqildi va mas’ul bo‘linmaga yuborildi.`,
  },
  appeal_rejected: {
    en: (n) => `Your appeal No. ${n} has been rejected.`,
    ru: (n) => `Ваше обращение № ${n} отклонено.`,
    uz: (n) => `№ ${n} murojaatingiz rad etildi.`,
  },
  new_appeal_response: {
    en: (n) => `There is a response to your appeal No. ${n}.`,
    ru: (n) => `На ваше обращение № ${n} поступил ответ.`,
    uz: (n) => `№ ${n} murojaatingizga javob keldi.`,
  },
  new_appeal_comment: {
    en: (n) => `A new comment was added to your appeal No. ${n}.`,
    ru: (n) => `К вашему обращению № ${n} добавлен новый комментарий.`,
    uz: (n) => `№ ${n} murojaatingizga yangi izoh qo‘shildi.`,
  },
  new_project: {
    en: (n) => `Your project "${n}" has been submitted for moderation.`,
    ru: (n) => `Ваш проект «${n}» отправлен на модерацию.`,
    uz: (n) => `“${n}” loyihangiz moderatsiyaga yuborildi.`,
  },
  update_project: {
    en: (n) => `Your changes to the project "${n}" have been sent to moderation.`,
    ru: (n) => `Изменения проекта «${n}» отправлены на модерацию.`,
    uz: (n) => `“${n}” loyihasidagi o‘zgarishlar moderatsiyaga yuborildi.`,
  },
  project_rejected: {
    en: (n) => `Your project "${n}" has been rejected by the moderator.`,
    ru: (n) => `Ваш проект «${n}» отклонён модератором.`,
    uz: (n) => `“${n}” loyihangiz moderator tomonidan rad etildi.`,
  },
  project_approved: {
    en: (n) => `Your project "${n}" has been approved and published.`,
    ru: (n) => `Ваш проект «${n}» одобрен и опубликован.`,
    uz: (n) => `“${n}” loyihangiz tasdiqlandi va e’lon qilindi.`,
  },
}

/** Portal paths (without the language prefix) a notification opens. */
export const notificationLinks = {
  appeal: (id: number) => `/profile/appeals/${id}`,
  project: (id: number) => `/profile/my-projects/form/${id}`,
  none: () => '',
}

/**
 * Creates a notification for a user. `subject` fills the template: an appeal number, or a project or event
 * title per language (a project's title is stored per language, so each message uses its own). `request` is the
 * request that made it, whose `waitUntil` pushes and publishes it; without one (seeding) it is only stored.
 */
export async function createNotification(
  request: RequestScope | null,
  db: D1Database,
  userId: number,
  type: NotificationType,
  subject: string | Record<Locale, string>,
  link: string,
  now: Date,
): Promise<void> {
  const t = TEMPLATES[type]
  const s = (lang: Locale) => (typeof subject === 'string' ? subject : subject[lang])
  const messages = { uz: t.uz(s('uz')), ru: t.ru(s('ru')), en: t.en(s('en')) }
  const inserted = await db
    .prepare(
      'INSERT INTO notifications (user_id, type, message_uz, message_ru, message_en, link, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(userId, type, messages.uz, messages.ru, messages.en, link, now.toISOString())
    .run()
  if (!request) return
  // Push to the user's devices (docs/gateway-contract.md#push): after the response, and only with FCM credentials.
  queuePush(request, { id: inserted.meta.last_row_id, userId, type, link, messages })
  // Realtime: the user's open pages refresh their bell (after the response; never fails this call).
  publishToUser(request, userId, { type: 'notification', kind: type })
}
