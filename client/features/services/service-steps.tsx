/**
 * The service guide: process stages as links (`?process=`), the stage's steps (`?step=`), the selected step's content,
 * documents and questions, and previous/next. Every choice is a real link, so it works without JavaScript and can be
 * shared; the route rule fills in a missing stage or step before the page renders.
 */
import type { ServiceStep, StepDocument } from '../../../contract/gateway/services'
import { byOrder, type ServiceGuideKeys } from '../../../shared/keys/service-keys'
import { href } from '../../../shared/routing/match'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Accordion } from '../../ui/accordion'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { HtmlContent } from '../../ui/html-content'
import { Icon } from '../../ui/icon'
import { CHECKLIST_ANCHOR, STEPS_ANCHOR } from './service-anchors'
import { fileLink } from './service-utils'

/** The selected stage and step, and the guide's keys in the page's data plan. */
type Selection = { serviceId: string; process?: string; step?: string; keys: ServiceGuideKeys }

export function ServiceSteps({ serviceId, process: processParam, step: stepParam, keys }: Selection) {
  const t = useT()
  const locale = useLocale()
  const processesResult = usePayload(keys.processes)
  const stepsResult = usePayload(keys.steps)
  const stepResult = usePayload(keys.step)

  if (processesResult.error) return <ErrorState error={processesResult.error} />
  const processes = byOrder(processesResult.data?.content ?? [])
  if (!processes.length) {
    return (
      <EmptyState
        icon="file"
        title={t('services.detail.noProcesses')}
        message={<p>{t('services.detail.noProcessesHint')}</p>}
      />
    )
  }
  const processIndex = Math.max(
    0,
    processes.findIndex((p) => String(p.id) === processParam),
  )
  const process = processes[processIndex]!
  const steps = byOrder(stepsResult.data?.content ?? [])
  const stepIndex = steps.findIndex((s) => String(s.id) === stepParam)
  const link = (query: { process: string | number; step?: string | number }) =>
    `${href('service', { locale, params: { service_id: serviceId }, query: { process: String(query.process), step: query.step === undefined ? undefined : String(query.step) } })}#${STEPS_ANCHOR}`

  const nextProcess = processes[processIndex + 1]
  const prevProcess = processes[processIndex - 1]
  const prev =
    stepIndex > 0
      ? {
          to: link({ process: process.id, step: steps[stepIndex - 1]!.id }),
          label: steps[stepIndex - 1]!.title,
          kind: 'step' as const,
        }
      : prevProcess
        ? { to: link({ process: prevProcess.id }), label: prevProcess.title, kind: 'process' as const }
        : null
  const next =
    stepIndex >= 0 && stepIndex < steps.length - 1
      ? {
          to: link({ process: process.id, step: steps[stepIndex + 1]!.id }),
          label: steps[stepIndex + 1]!.title,
          kind: 'step' as const,
        }
      : nextProcess
        ? { to: link({ process: nextProcess.id }), label: nextProcess.title, kind: 'process' as const }
        : null

  const current = stepIndex >= 0 ? steps[stepIndex] : undefined
  return (
    <div className="service-guide">
      {/* Announces the newly shown step after client navigation (the page title stays the service's). */}
      <p className="visually-hidden" aria-live="polite">
        {current
          ? `${t('services.detail.stageOf', { n: processIndex + 1, total: processes.length })}, ${t('services.detail.stepOf', { n: stepIndex + 1, total: steps.length })}: ${current.title}`
          : ''}
      </p>
      <nav className="process-tabs" aria-label={t('services.detail.stagesLabel')}>
        <ol className="process-tabs__list">
          {processes.map((p, i) => {
            const current = p.id === process.id
            return (
              <li key={p.id}>
                <Link
                  to={current && stepParam ? link({ process: p.id, step: stepParam }) : link({ process: p.id })}
                  className="process-tabs__tab"
                  aria-current={current ? 'step' : undefined}
                >
                  <span className="process-tabs__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="process-tabs__text">
                    <span className="visually-hidden">
                      {t('services.detail.stageOf', { n: i + 1, total: processes.length })}:{' '}
                    </span>
                    {p.title}
                  </span>
                </Link>
              </li>
            )
          })}
        </ol>
      </nav>

      <section className="process-panel" aria-labelledby="process-title">
        <header className="process-panel__head">
          <span className="process-panel__icon" aria-hidden="true">
            <Icon name={processIcon(process.icon)} fallback="file" />
          </span>
          <div>
            <p className="process-panel__kicker">
              {t('services.detail.stageOf', { n: processIndex + 1, total: processes.length })}
            </p>
            <h2 id="process-title" className="process-panel__title">
              {process.title}
            </h2>
            {process.description && <p className="process-panel__lead">{process.description}</p>}
          </div>
        </header>

        {stepsResult.error ? (
          <ErrorState error={stepsResult.error} headingLevel={3} />
        ) : !steps.length ? (
          <EmptyState
            icon="file"
            headingLevel={3}
            title={t('services.detail.noSteps')}
            message={<p>{t('services.detail.noStepsHint')}</p>}
          />
        ) : (
          <div className="process-panel__body">
            <nav className="step-list" aria-label={t('services.detail.stepsLabel', { stage: process.title })}>
              <ol>
                {steps.map((s, i) => (
                  <li key={s.id}>
                    <Link
                      to={link({ process: process.id, step: s.id })}
                      className="step-list__link"
                      aria-current={i === stepIndex ? 'step' : undefined}
                    >
                      <span className="step-list__number" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span>
                        <span className="visually-hidden">
                          {t('services.detail.stepOf', { n: i + 1, total: steps.length })}:{' '}
                        </span>
                        {s.title}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="step-detail">
              {stepIndex < 0 ? (
                <EmptyState
                  icon="file"
                  headingLevel={3}
                  title={t('services.detail.pickStep')}
                  message={<p>{t('services.detail.pickStepHint')}</p>}
                />
              ) : stepResult.error ? (
                <ErrorState error={stepResult.error} headingLevel={3} />
              ) : stepResult.data ? (
                <StepDetail step={stepResult.data.content} index={stepIndex} total={steps.length} />
              ) : (
                <p className="muted" role="status">
                  {t('common.loading')}
                </p>
              )}
            </div>
          </div>
        )}

        {(prev || next) && (
          <nav className="step-pager" aria-label={t('services.detail.pagerLabel')}>
            {prev ? (
              <Link to={prev.to} className="step-pager__link step-pager__link--prev" rel="prev">
                <Icon name="arrow-left" />
                <span>
                  <span className="step-pager__hint">
                    {t(prev.kind === 'step' ? 'services.detail.prevStep' : 'services.detail.prevStage')}
                  </span>
                  <span className="step-pager__title">{prev.label}</span>
                </span>
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link to={next.to} className="step-pager__link step-pager__link--next" rel="next">
                <span>
                  <span className="step-pager__hint">
                    {t(next.kind === 'step' ? 'services.detail.nextStep' : 'services.detail.nextStage')}
                  </span>
                  <span className="step-pager__title">{next.label}</span>
                </span>
                <Icon name="arrow-right" />
              </Link>
            )}
          </nav>
        )}
      </section>
    </div>
  )
}

const processIcon = (name: string | null | undefined) => name || 'file'

function StepDetail({ step, index, total }: { step: ServiceStep; index: number; total: number }) {
  const t = useT()
  const image = fileLink(step.upload)
  const groups = (step.groups ?? []).filter((g) => (g.documents ?? []).length > 0)
  const accordions = step.accordions ?? []
  return (
    <article className="step-detail__article" aria-labelledby="step-title">
      <p className="step-detail__kicker">{t('services.detail.stepOf', { n: index + 1, total })}</p>
      <h3 id="step-title" className="step-detail__title">
        {step.title}
      </h3>
      {image && (
        <img
          className="step-detail__image"
          src={image}
          alt=""
          width={960}
          height={320}
          loading="lazy"
          decoding="async"
        />
      )}
      {step.content && <HtmlContent html={step.content} className="prose step-detail__content" />}

      <section className="step-documents" id={CHECKLIST_ANCHOR} aria-labelledby="step-documents-title" tabIndex={-1}>
        <h4 id="step-documents-title" className="step-documents__title">
          <Icon name="check" />
          {t('services.detail.checklist')}
        </h4>
        {groups.length ? (
          <div className="step-documents__groups">
            {groups.map((g) => (
              <div key={g.id} className="document-group">
                <p className="document-group__title">{g.title}</p>
                <DocumentList documents={g.documents ?? []} />
              </div>
            ))}
          </div>
        ) : (
          <p className="muted">{t('services.detail.noDocuments')}</p>
        )}
      </section>

      {accordions.length > 0 && (
        <section className="step-questions" aria-labelledby="step-questions-title">
          <p id="step-questions-title" className="step-questions__title">
            {t('services.detail.questions')}
          </p>
          <Accordion
            headingLevel={4}
            items={accordions.map((a) => ({
              id: String(a.id),
              title: a.title,
              content: (
                <>
                  {a.content && <HtmlContent html={a.content} className="prose" />}
                  {(a.documents ?? []).length > 0 && <DocumentList documents={a.documents ?? []} />}
                </>
              ),
            }))}
          />
        </section>
      )}
    </article>
  )
}

function DocumentList({ documents }: { documents: readonly StepDocument[] }) {
  const t = useT()
  return (
    <ul className="document-list">
      {documents.map((d) => {
        const link = fileLink(d.upload)
        const type = (d.type ?? (typeof d.upload === 'object' ? d.upload?.file_extension : null) ?? '').toUpperCase()
        return (
          <li key={d.id} className="document-list__item">
            <Icon name="file" />
            {link ? (
              <a href={link} className="document-list__link" download>
                {d.title}
                <span className="visually-hidden"> ({t('services.detail.download')})</span>
              </a>
            ) : (
              <span>{d.title}</span>
            )}
            {type && <span className="badge badge--neutral document-list__type">{type}</span>}
          </li>
        )
      })}
    </ul>
  )
}
