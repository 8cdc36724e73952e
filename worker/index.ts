/** Worker entry: the app, and the realtime hub's Durable Object class (docs/architecture.md#realtime). */
import { createApp } from './app'

export { RealtimeHub } from './realtime/hub'

export default createApp()
