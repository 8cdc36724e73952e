/** A project's title and description per language, in tabs that say which language has errors. */

import type { PersonalProject } from '../../../contract/gateway/account'
import { LOCALE_NAMES } from '../../../shared/constants'
import { contentField, PROJECT_LANGS, type ProjectLang, titleField } from '../../../shared/forms/project-form/fields'
import { htmlToText } from '../../../shared/markup/html-text'
import { useT } from '../../runtime/i18n'
import { FormTextAreaField, FormTextField } from '../../ui/page-form'
import { Tabs } from '../../ui/tabs'

/** The first language whose title or description has an error, if any. */
export function languageWithErrors(errors: Readonly<Record<string, string>>): ProjectLang | undefined {
  return PROJECT_LANGS.find((lang) => errors[titleField(lang)] || errors[contentField(lang)])
}

export function LanguageTabs({
  project,
  values,
  errors,
  labels,
  tab,
  onTab,
}: {
  project: PersonalProject | null
  /** Values of a form sent back, which win over the saved project's. */
  values: Readonly<Record<string, string>>
  errors: Readonly<Record<string, string>>
  labels: Readonly<Record<string, string>>
  tab: ProjectLang
  onTab: (lang: ProjectLang) => void
}) {
  const t = useT()
  const items = PROJECT_LANGS.map((lang) => ({
    id: lang,
    label: (
      <>
        {LOCALE_NAMES[lang]}
        {errors[titleField(lang)] || errors[contentField(lang)] ? (
          <span className="tabs__error"> ({t('projects.form.languageHasErrors')})</span>
        ) : null}
      </>
    ),
    content: (
      <div className="form__group">
        <FormTextField
          name={titleField(lang)}
          label={labels[titleField(lang)]}
          hint={t('projects.form.titleHint')}
          maxLength={255}
          lang={lang}
          defaultValue={values[titleField(lang)] ?? project?.title[lang] ?? ''}
          error={errors[titleField(lang)]}
        />
        <FormTextAreaField
          name={contentField(lang)}
          label={labels[contentField(lang)]}
          hint={t('projects.form.contentHint')}
          rows={8}
          lang={lang}
          defaultValue={
            values[contentField(lang)] ?? (project ? htmlToText(project.content[lang] ?? '', { paragraphs: true }) : '')
          }
          error={errors[contentField(lang)]}
        />
      </div>
    ),
  }))
  return (
    <fieldset className="form__section">
      <legend>{t('projects.form.languages')}</legend>
      <Tabs
        items={items}
        label={t('projects.form.languages')}
        selectedId={tab}
        onChange={(id) => onTab(PROJECT_LANGS.find((lang) => lang === id) ?? tab)}
      />
    </fieldset>
  )
}
