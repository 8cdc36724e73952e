/** Worker entry: the app, and the realtime hub's Durable Object class (docs/decisions/0018-realtime-hub.md). */
import { createApp } from './app'

export { RealtimeHub } from './realtime/hub'

export default createApp()
