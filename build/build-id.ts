/** The build's id and time, fixed once per build for every environment Vite builds. */

// Vite evaluates its config several times per build (one per environment): the first evaluation fixes the build's id
// in the environment, so the manifest and the worker agree.
process.env.BUILD_TIMESTAMP ??= String(Date.now())
export const BUILD_TIMESTAMP = Number(process.env.BUILD_TIMESTAMP)
export const BUILD_ID = (process.env.BUILD_ID ??= BUILD_TIMESTAMP.toString(36))
