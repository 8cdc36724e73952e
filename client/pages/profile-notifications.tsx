/**
 * `/profile/notifications` (docs/product.md#notification-choices): per topic (appeals, projects, events), whether mail
 * and push tell the person of it; the bell always does. The form posts to the page's action, so it works without
 * JavaScript. Below it, push in this browser: turned on, or off (the device's token is forgotten at the gateway and
 * deleted in the browser), loaded only when the portal has push.
 */
import { Suspense } from 'react'
import { useSWRConfig } from 'swr'
import type { NotificationChoices } from '../../contract/gateway/account'
import { CHANNELS, NOTIFICATION_TOPICS } from '../../contract/gateway/channels'
import { notificationChoicesPlan } from '../../shared/plans/account'
import { useConfig } from '../runtime/config'
import { usePageForm } from '../runtime/forms'
import { useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { useLivePayload } from '../runtime/live-data'
import { showToast } from '../runtime/notify'
import { useRouteData } from '../runtime/router'
import { Button } from '../ui/button'
import { ErrorState } from '../ui/error-state'
import { FormProblems, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

const PushOffer = lazyComponent(() => import('../features/notifications/push-offer').then((m) => m.PushOffer))

/** The notice the action answers a saved form with. */
const SAVED = 'notificationsPrefs.saved'

export function Page() {
  const t = useT()
  const config = useConfig()
  const { keys, query } = useRouteData(notificationChoicesPlan)
  const { data, error } = useLivePayload(keys.choices)
  const { mutate } = useSWRConfig()
  const form = usePageForm({
    onResult: async (res) => {
      if (!res.redirect) return
      await mutate(keys.choices)
      if (res.notice) void showToast('success', () => t(res.notice!))
    },
  })
  const title = t('notificationsPrefs.title')
  const choices = data?.content
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('notificationsPrefs.intro')}</p>
      {query.notice === SAVED ? <StatusPanel>{t(SAVED)}</StatusPanel> : null}
      <FormProblems state={form.state} labels={{}} />
      {error ? <ErrorState error={error} /> : null}
      {choices ? (
        <form method="post" action={form.action} onSubmit={form.onSubmit} className="form choices">
          {NOTIFICATION_TOPICS.map((topic) => (
            <fieldset key={topic} className="choices__topic">
              <legend className="choices__legend">{t(`notificationsPrefs.topics.${topic}.title`)}</legend>
              <p className="choices__hint">{t(`notificationsPrefs.topics.${topic}.hint`)}</p>
              <div className="choices__channels">
                {CHANNELS.map((channel) => (
                  <ChannelBox key={channel} topic={topic} channel={channel} choices={choices} />
                ))}
              </div>
            </fieldset>
          ))}
          <p className="choices__note">{t('notificationsPrefs.bell')}</p>
          <div className="form__actions">
            <Button type="submit" label={t('notificationsPrefs.save')} loading={form.pending} />
          </div>
        </form>
      ) : null}
      {config.firebase && config.vapidKey ? (
        <section className="choices__device" aria-labelledby="push-device-title">
          <h2 id="push-device-title">{t('notificationsPrefs.device.title')}</h2>
          <p>{t('notificationsPrefs.device.text')}</p>
          <Suspense fallback={null}>
            <PushOffer />
          </Suspense>
        </section>
      ) : null}
    </main>
  )
}

function ChannelBox({
  topic,
  channel,
  choices,
}: {
  topic: (typeof NOTIFICATION_TOPICS)[number]
  channel: (typeof CHANNELS)[number]
  choices: NotificationChoices
}) {
  const t = useT()
  const name = `${topic}.${channel}`
  const id = `choice-${topic}-${channel}`
  return (
    <label className="check" htmlFor={id}>
      <input
        className="check__input"
        type="checkbox"
        id={id}
        name={name}
        value="on"
        defaultChecked={choices[topic][channel]}
      />
      <span>{t(`notificationsPrefs.channels.${channel}`)}</span>
    </label>
  )
}
