/**
 * How people are told (docs/product.md#notification-choices), as plain data: the topics a person chooses channels for
 * and the channels. The profile's Notifications page offers them; the gateway checks its input against them.
 */

/**
 * What a person may choose to hear about, per channel: their appeals, their projects, their event applications, and
 * how their interest in projects moves on.
 */
export const NOTIFICATION_TOPICS = ['appeals', 'projects', 'events', 'enquiries'] as const
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]

/**
 * Every topic an optional mail can be refused for by its unsubscribe link: the profile's topics and the receipts of
 * contact requests, which reach an address rather than an account.
 */
export const MAIL_TOPICS = [...NOTIFICATION_TOPICS, 'contact'] as const
export type MailTopic = (typeof MAIL_TOPICS)[number]

/** The channels: mail to the account's address, push to the browsers that turned it on. The bell always hears. */
export const CHANNELS = ['mail', 'push'] as const
export type Channel = (typeof CHANNELS)[number]
