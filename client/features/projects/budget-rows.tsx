/**
 * A project's cash flow: one amount per year, rows added and removed in place. A removed saved row is listed in
 * `deleted_budgets`; without JavaScript an emptied row does the same (docs/product.md#projects).
 */
import { useRef, useState } from 'react'
import type { PersonalProject } from '../../../contract/gateway/account'
import { budgetField, budgetIdField, budgetRows, MAX_BUDGET_ROWS } from '../../../shared/forms/project-form/fields'
import type { FormState } from '../../../shared/state/state'
import { useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { FormTextField } from '../../ui/page-form'

/** A row on screen: a stable key, the saved row's id, the amount as typed. */
export type BudgetRow = Readonly<{ key: number; id?: number; sum: string }>

/** The rows to start from: a form sent back by the edge, else the saved project's, else one empty row. */
function initialRows(state: FormState, project: PersonalProject | null): BudgetRow[] {
  const fromPost = budgetRows(state.values)
  if (fromPost.length) {
    return fromPost.map((row, i) => ({
      key: i,
      id: Number(state.values[budgetIdField(row)]) || undefined,
      sum: state.values[budgetField(row)] ?? '',
    }))
  }
  if (project?.budgets.length) return project.budgets.map((b, i) => ({ key: i, id: b.id, sum: String(b.sum) }))
  return [{ key: 0, sum: '' }]
}

/** The rows and what removing and adding them does. */
export function useBudgetRows(state: FormState, project: PersonalProject | null) {
  const [rows, setRows] = useState<BudgetRow[]>(() => initialRows(state, project))
  const [deleted, setDeleted] = useState<number[]>([])
  const nextKey = useRef(rows.length)
  const remove = (row: BudgetRow) => {
    const { id } = row
    if (id) setDeleted((d) => [...d, id])
    setRows((r) => r.filter((x) => x.key !== row.key))
  }
  const add = () => setRows((r) => (r.length >= MAX_BUDGET_ROWS ? r : [...r, { key: nextKey.current++, sum: '' }]))
  return { rows, deleted, remove, add }
}

export function BudgetRows({
  budget,
  labels,
  errors,
}: {
  budget: ReturnType<typeof useBudgetRows>
  labels: Readonly<Record<string, string>>
  errors: Readonly<Record<string, string>>
}) {
  const t = useT()
  const { rows, deleted, remove, add } = budget
  return (
    <fieldset className="form__section">
      <legend>{t('projects.form.cashFlow')}</legend>
      <p className="field__hint">{t('projects.form.cashFlowHint')}</p>
      <input type="hidden" name="deleted_budgets" value={deleted.join(',')} />
      <ol className="cash-flow">
        {rows.map((row, i) => (
          <li key={row.key} className="cash-flow__row">
            {row.id ? <input type="hidden" name={budgetIdField(i)} value={row.id} /> : null}
            <FormTextField
              name={budgetField(i)}
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              width="medium"
              label={labels[budgetField(i)]}
              defaultValue={row.sum}
              error={errors[budgetField(i)]}
            />
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                iconName="minus"
                label={t('projects.form.removeYear', { n: i + 1 })}
                onClick={() => remove(row)}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {rows.length < MAX_BUDGET_ROWS ? (
        <Button variant="outline" size="sm" iconName="plus" label={t('projects.form.addYear')} onClick={add} />
      ) : null}
    </fieldset>
  )
}
