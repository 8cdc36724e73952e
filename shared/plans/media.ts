/** Data plans of the media pages: posts, media lists, stories, events and their application form, galleries. */

import { definePlan } from '../keys/api-keys'
import { mediaKeys } from '../keys/media-keys'

export const postPlan = definePlan('post', ({ params }) => ({ keys: { post: mediaKeys.post(params.id) } }))
// Lists are critical: a deferred section stays a skeleton without JavaScript.
export const mediaPlan = definePlan('media', ({ params, query }) => ({
  keys: {
    galleries: params.id === 'gallery' ? mediaKeys.list('gallery', query.page) : undefined,
    posts: params.id === 'gallery' ? undefined : mediaKeys.list(params.id, query.page),
  },
}))
export const storyListPlan = definePlan('story-list', ({ query }) => ({
  keys: { list: mediaKeys.stories(query.page) },
}))
export const storyPlan = definePlan('story', ({ params }) => ({ keys: { story: mediaKeys.story(params.id) } }))
export const eventListPlan = definePlan('event-list', ({ query }) => ({ keys: { list: mediaKeys.events(query.page) } }))
// The form works without JavaScript, so the countries it offers are critical too.
export const eventRegisterPlan = definePlan('event-register', ({ query }) => ({
  keys: { event: mediaKeys.event(query.event_id), countries: mediaKeys.countries() },
}))
export const eventPlan = definePlan('event', ({ params }) => ({ keys: { event: mediaKeys.event(params.id) } }))
export const galleryPlan = definePlan('gallery', ({ params }) => ({ keys: { gallery: mediaKeys.gallery(params.id) } }))
