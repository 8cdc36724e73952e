/**
 * A sector page's parts: title, summary, key figures and the body. The page may carry `summary` and `figures` as
 * fields; the reference gateway instead opens the HTML with the summary (`<p><strong>…</strong></p>`) and a figures
 * table (label, "value unit", year), which is lifted out here so the page shows them as a lead and stat blocks.
 */

import type { Figure, Page } from '../../../contract/gateway/site'
import { htmlToText } from '../../../shared/markup/html-text'

export type SectorBrief = { summary: string | null; figures: Figure[]; content: string }

const LEAD = /^\s*<p>\s*<strong>([\s\S]*?)<\/strong>\s*<\/p>\s*(<table[\s>][\s\S]*?<\/table>)/i

const ROW = /<tr[\s>][\s\S]*?<\/tr\s*>/gi
const CELL = /<t([hd])\b[^>]*>([\s\S]*?)<\/t\1\s*>/gi

/** "1,234.5 GW" → 1234.5 and "GW"; a cell without a leading number stays text. */
function splitValue(cell: string): { value: number | string; unit: string | null } {
  const m = /^([+-]?\d[\d,\s]*(?:\.\d+)?)\s*(.*)$/.exec(cell.trim())
  if (!m) return { value: cell.trim(), unit: null }
  const value = Number(m[1]!.replace(/[,\s]/g, ''))
  return Number.isFinite(value) ? { value, unit: m[2]!.trim() || null } : { value: cell.trim(), unit: null }
}

/** The figures of a table whose rows are `label | value unit | year`; rows of another shape are skipped. */
function readFigures(tableHtml: string): Figure[] {
  const figures: Figure[] = []
  for (const [row] of tableHtml.matchAll(ROW)) {
    const cells = [...row.matchAll(CELL)].map((m) => htmlToText(m[2]!))
    if (cells.length < 2) continue
    const [label, cell, year] = cells
    const { value, unit } = splitValue(cell!)
    if (label) figures.push({ label, value, unit, year: year || null })
  }
  return figures
}

/** Splits a sector page into summary, figures and the remaining HTML. */
export function readSectorBrief(page: Page): SectorBrief {
  if (page.summary || page.figures?.length)
    return { summary: page.summary ?? null, figures: page.figures ?? [], content: page.content }
  const m = LEAD.exec(page.content)
  if (!m) return { summary: null, figures: [], content: page.content }
  const figures = readFigures(m[2]!)
  if (!figures.length) return { summary: null, figures: [], content: page.content }
  return { summary: htmlToText(m[1]!) || null, figures, content: page.content.slice(m[0].length) }
}
