/**
 * The appeal form's fields (topic → type grouped select, region, text), shared by the profile and the anonymous dialog.
 */

import type { AppealTopic } from '../../../contract/gateway/account'
import type { Region } from '../../../contract/gateway/common'
import { APPEAL_TEXT_MAX, joinAppealType } from '../../../shared/forms/account-forms'
import type { FormState } from '../../../shared/state/state'
import { useT } from '../../runtime/i18n'
import { FormSelectField, FormTextAreaField, GroupedSelectField } from '../../ui/page-form'

export const APPEAL_FIELDS = ['type', 'region_id', 'text'] as const

/** Labels of the appeal fields, in form order (for the error summary). */
export function useAppealLabels(): Record<(typeof APPEAL_FIELDS)[number], string> {
  const t = useT()
  return { type: t('appeals.form.type'), region_id: t('appeals.form.region'), text: t('appeals.form.text') }
}

export function AppealFields({
  topics,
  regions,
  state,
  scope,
}: {
  topics: readonly AppealTopic[]
  regions: readonly Region[]
  state: FormState
  scope?: string
}) {
  const t = useT()
  const labels = useAppealLabels()
  const groups = topics.map((topic) => ({
    label: topic.title,
    options: (topic.children ?? []).map((type) => ({ value: joinAppealType(topic.id, type.id), label: type.title })),
  }))
  return (
    <>
      <GroupedSelectField
        name="type"
        scope={scope}
        label={labels.type}
        hint={t('appeals.form.typeHint')}
        groups={groups}
        placeholder={t('services.choose')}
        defaultValue={state.values.type ?? ''}
        required
        error={state.errors.type}
      />
      <FormSelectField
        name="region_id"
        scope={scope}
        label={labels.region_id}
        options={regions.map((r) => ({ value: String(r.id), label: r.region }))}
        placeholder={t('services.choose')}
        defaultValue={state.values.region_id ?? ''}
        required
        error={state.errors.region_id}
      />
      <FormTextAreaField
        name="text"
        scope={scope}
        label={labels.text}
        hint={t('appeals.form.textHint')}
        maxLength={APPEAL_TEXT_MAX}
        rows={7}
        defaultValue={state.values.text ?? ''}
        required
        error={state.errors.text}
      />
    </>
  )
}
