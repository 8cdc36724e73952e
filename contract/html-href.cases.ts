/**
 * The one table of addresses the gateway's sanitiser and the portal's renderer are both tested against
 * (`contract/html-href.ts`, docs/security.md#rendering): what each keeps of a link in HTML written for the portal at
 * `HREF_ORIGIN`.
 */

/** The portal's origin in the cases. */
export const HREF_ORIGIN = 'https://invest.example'

/**
 * `[value, kept]`: a link's `href` as the browser reads it (references decoded), and the `href` that may be written
 * for it, or null when the link must lose it.
 */
export const HREF_CASES: readonly (readonly [value: string, kept: string | null])[] = [
  // Addresses that look like paths but leave the site.
  ['/\\evil.example', null],
  ['\\\\evil.example', null],
  ['\\/evil.example', null],
  ['/\\/evil.example/en/about', null],
  ['//evil.example', null],
  ['//evil.example/en/about', null],
  ['/\t/evil.example', null],
  ['/\n\\evil.example', null],
  [' //evil.example', null],
  ['/%5Cevil.example', null],
  ['/%5cevil.example/x', null],
  // Schemes that run or carry something, however they are spelled.
  ['javascript:alert(1)', null],
  ['JaVaScRiPt:alert(1)', null],
  ['java\tscript:alert(1)', null],
  ['java\nscript:alert(1)', null],
  ['jav\rascript:alert(1)', null],
  [' javascript:alert(1)', null],
  ['\u0001javascript:alert(1)', null],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', null],
  ['vbscript:msgbox(1)', null],
  ['ftp://files.example/report.pdf', null],
  ['', null],
  ['   ', null],
  // Ordinary links, which keep working.
  ['/en/about', '/en/about'],
  ['/contact-us#form', '/contact-us#form'],
  ['#section-2', '#section-2'],
  ['?page=2', '?page=2'],
  ['guide/project', 'guide/project'],
  ['../about', '../about'],
  ['page?x=a:b', 'page?x=a:b'],
  ['/files/report.pdf', '/files/report.pdf'],
  [' /en/about\n', '/en/about'],
  ['mailto:info@invest.example', 'mailto:info@invest.example'],
  ['tel:+998712021000', 'tel:+998712021000'],
  ['https://gov.uz/x?a=1&b=2', 'https://gov.uz/x?a=1&b=2'],
  ['HTTPS://Gov.UZ', 'https://gov.uz/'],
  ['http://example.org/a b', 'http://example.org/a%20b'],
  // A scheme names another site, written as the parser reads it: it no longer looks like a path.
  ['https:/\\evil.example', 'https://evil.example/'],
  // The portal's own absolute addresses become its paths.
  ['https://invest.example/en/about?x=1#y', '/en/about?x=1#y'],
  ['https://invest.example', '/'],
  ['HTTPS://INVEST.EXAMPLE/ru/post/1', '/ru/post/1'],
]

/**
 * `href` attributes as written in HTML whose character references spell a case above that loses its link: each reader
 * decodes them as a browser does before the rule decides.
 */
export const DISGUISED_HREFS: readonly string[] = [
  '&#106;avascript:alert(1)',
  '&#106avascript:alert(1)',
  '&#x6A;avascript&#x3A;alert(1)',
  'java&#x09;script:alert(1)',
  'java&Tab;script:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  '&#x2F;&#x5C;evil.example',
  '&sol;&bsol;evil.example',
  '/&NewLine;\\evil.example',
]
