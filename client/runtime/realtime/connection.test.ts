import { describe, expect, it } from 'vitest'
import { backoffDelay, RECONNECT } from './connection'

describe('reconnect backoff (full jitter)', () => {
  it('waits between 0 and the exponential step: 1 s, 2 s, 4 s … for the first attempts', () => {
    for (const [attempt, step] of [
      [0, 1000],
      [1, 2000],
      [2, 4000],
      [5, 32_000],
    ] as const) {
      expect(backoffDelay(attempt, () => 0)).toBe(0)
      expect(backoffDelay(attempt, () => 0.5)).toBe(step / 2)
      expect(backoffDelay(attempt, () => 0.999_999)).toBe(step - 1)
    }
  })

  it('never waits longer than the cap, however many attempts failed', () => {
    for (const attempt of [6, 10, 50, 1000])
      expect(backoffDelay(attempt, () => 0.999_999)).toBeLessThan(RECONNECT.capMs)
    expect(RECONNECT.capMs).toBe(60_000)
  })

  it('spreads clients that dropped together over the whole window instead of a burst', () => {
    const delays = Array.from({ length: 1000 }, () => backoffDelay(4))
    const step = RECONNECT.baseMs * 2 ** 4
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...delays)).toBeLessThan(step)
    // Each quarter of the window gets roughly a quarter of the reconnects.
    for (let q = 0; q < 4; q++) {
      const inQuarter = delays.filter((d) => d >= (q * step) / 4 && d < ((q + 1) * step) / 4).length
      expect(inQuarter).toBeGreaterThan(150)
      expect(inQuarter).toBeLessThan(350)
    }
  })
})
