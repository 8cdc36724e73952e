/**
 * What a notification says (docs/gateway-contract.md#notifications): its types, its message in each language and the
 * title its push carries.
 */
import type { Locale } from '../../../../contract/locales'

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

export const TEMPLATES: Record<NotificationType, Template> = {
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

/** The push title of each notification type, in each language. */
export const TITLES: Record<NotificationType, Record<Locale, string>> = {
  registration: {
    en: 'Registration received',
    ru: 'Заявка на регистрацию получена',
    uz: 'Roʻyxatdan oʻtish arizasi qabul qilindi',
  },
  event_registration: {
    en: 'Event application received',
    ru: 'Заявка на мероприятие получена',
    uz: 'Tadbirga ariza qabul qilindi',
  },
  new_appeal: { en: 'Appeal registered', ru: 'Обращение зарегистрировано', uz: 'Murojaat roʻyxatga olindi' },
  appeal_forwarded: { en: 'Appeal forwarded', ru: 'Обращение передано', uz: 'Murojaat yuborildi' },
  appeal_rejected: { en: 'Appeal rejected', ru: 'Обращение отклонено', uz: 'Murojaat rad etildi' },
  new_appeal_response: { en: 'Your appeal has an answer', ru: 'Ответ на обращение', uz: 'Murojaatingizga javob keldi' },
  new_appeal_comment: {
    en: 'New comment on your appeal',
    ru: 'Новый комментарий к обращению',
    uz: 'Murojaatingizga yangi izoh',
  },
  new_project: {
    en: 'Project sent to moderation',
    ru: 'Проект отправлен на модерацию',
    uz: 'Loyiha moderatsiyaga yuborildi',
  },
  update_project: {
    en: 'Project changes sent to moderation',
    ru: 'Изменения проекта на модерации',
    uz: 'Loyiha oʻzgarishlari moderatsiyaga yuborildi',
  },
  project_rejected: { en: 'Project rejected', ru: 'Проект отклонён', uz: 'Loyiha rad etildi' },
  project_approved: { en: 'Project approved', ru: 'Проект одобрен', uz: 'Loyiha tasdiqlandi' },
}
