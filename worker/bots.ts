/** Crawlers get the complete document (`allReady`) instead of a streamed shell. */
const BOT_UA =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|yandex|baidu|duckduckgo|applebot|lighthouse|headlesschrome\/[\d.]+ .*prerender/i

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && BOT_UA.test(userAgent)
}
