/** Shapes of the media payloads (docs/gateway-contract.md#content), as the media pages read them. */

/** The gateway's `File` object; galleries may add a caption to each image. */
export type GatewayFile = {
  id?: string | number
  size?: number
  file_name?: string
  original_name?: string
  file_extension?: string
  content_type?: string
  download_link: string
  thumbnail_link?: string | null
  caption?: string | null
  title?: string | null
}

export type Post = {
  id: number
  title: string
  content?: string
  /** A plain-text excerpt of the content. */
  description?: string | null
  publish_date: string
  photo?: GatewayFile | null
  files?: GatewayFile[] | null
  category: string
  author?: { firstName?: string; lastName?: string } | null
}

export type Gallery = {
  id: number
  title: string
  content?: string | null
  publish_date: string
  files?: GatewayFile[] | null
}

export type Story = {
  id: number
  title: string
  summary?: string | null
  content?: string
  photo?: GatewayFile | null
  publish_date: string
}

export type EventItem = {
  id: number
  name: string
  time?: string | null
  date_from: string
  date_to?: string | null
  location?: string | null
  description?: string | null
  photo?: GatewayFile | null
  /** The agenda document; older data may carry it as a plain link. */
  agenda?: GatewayFile | string | null
}

export type Country = { id: number; country: string; code?: string }
