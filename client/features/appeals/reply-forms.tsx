import { useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { RadioGroup } from '../../ui/form-field'
import { FormProblems, FormTextAreaField, fieldId } from '../../ui/page-form'

import { accountForms, forIntent, useAppealForm } from './use-appeal-form'
export function ReplyForms({ keys }: { keys: readonly string[] }) {
  const t = useT()
  const reply = useAppealForm({ schema: () => accountForms().then((m) => m.AppealReplySchema) }, keys)
  const resolve = useAppealForm({ schema: () => accountForms().then((m) => m.AppealResolutionSchema) }, keys)
  const replyState = forIntent(reply.state, 'reply')
  const resolveState = forIntent(resolve.state, 'resolve')
  const resolveLabels = { resolved: t('appeals.view.resolveTitle'), reason: t('appeals.view.reason') }
  return (
    <div className="appeal-actions">
      <form
        ref={reply.ref}
        method="post"
        action={reply.action}
        onSubmit={reply.onSubmit}
        noValidate
        className="form"
        aria-labelledby="reply-title"
      >
        <h3 id="reply-title">{t('appeals.view.reply')}</h3>
        <FormProblems state={replyState} labels={{ response: t('appeals.view.reply') }} scope="reply" />
        <input type="hidden" name="intent" value="reply" />
        <FormTextAreaField
          name="response"
          scope="reply"
          label={t('appeals.view.reply')}
          rows={4}
          required
          defaultValue={replyState.values.response ?? ''}
          error={replyState.errors.response}
        />
        <div className="form__actions">
          <Button type="submit" label={t('appeals.view.replySubmit')} loading={reply.pending} />
        </div>
      </form>
      <form
        ref={resolve.ref}
        method="post"
        action={resolve.action}
        onSubmit={resolve.onSubmit}
        noValidate
        className="form"
        aria-labelledby="resolve-title"
      >
        <h3 id="resolve-title">{t('appeals.view.resolveTitle')}</h3>
        <FormProblems state={resolveState} labels={resolveLabels} scope="resolve" />
        <input type="hidden" name="intent" value="resolve" />
        <RadioGroup
          id={fieldId('resolved', 'resolve')}
          name="resolved"
          label={resolveLabels.resolved}
          required
          inline
          defaultValue={resolveState.values.resolved}
          error={resolveState.errors.resolved ? t(resolveState.errors.resolved) : null}
          options={[
            { value: 'true', label: t('appeals.view.accept') },
            { value: 'false', label: t('appeals.view.reject') },
          ]}
        />
        <FormTextAreaField
          name="reason"
          scope="resolve"
          label={resolveLabels.reason}
          hint={t('appeals.view.reasonHint')}
          rows={3}
          defaultValue={resolveState.values.reason ?? ''}
          error={resolveState.errors.reason}
        />
        <div className="form__actions">
          <Button type="submit" label={t('forms.submit')} loading={resolve.pending} />
        </div>
      </form>
    </div>
  )
}
