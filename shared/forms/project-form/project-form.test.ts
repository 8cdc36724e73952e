import { describe, expect, it } from 'vitest'
import type { GatewayFailure } from '../../gateway/gateway-client'
import { checkProjectFiles, IMAGE_MAX_BYTES } from './files'
import { readProjectForm } from './schema'
import { type ProjectFormPorts, submitProjectForm } from './submit'

const valid = {
  title_en: ' Cold storage ',
  content_en: 'First.\n\nSecond <b>',
  category_id: '1',
  sector_id: '2',
  region_id: '3',
  budget: '1500000,5',
}

describe('project form rules', () => {
  it('reads a valid form into the gateway body: trimmed titles, paragraphs as HTML, numbers, the default status', () => {
    const read = readProjectForm({
      ...valid,
      latitude: ' 41.3 ',
      longitude: '',
      phone: '+998 (90) 123-45-67',
      email: '',
    })
    expect(read).toMatchObject({
      ok: true,
      body: {
        title: { en: 'Cold storage', ru: '', uz: '' },
        content: { en: '<p>First.</p><p>Second &lt;b&gt;</p>', ru: '', uz: '' },
        category_id: 1,
        budget: 1500000.5,
        status: 'open_for_investment',
        latitude: 41.3,
        longitude: null,
        phone: '998901234567',
        budgets: [],
        deleted_budgets: [],
      },
    })
  })

  it('needs a title in one language and the three choices, and names each bad value', () => {
    expect(readProjectForm({})).toEqual({
      ok: false,
      errors: {
        title_en: 'forms.errors.oneLanguage',
        category_id: 'forms.errors.required',
        sector_id: 'forms.errors.required',
        region_id: 'forms.errors.required',
        budget: 'forms.errors.required',
      },
    })
    const bad = readProjectForm({
      ...valid,
      title_ru: 'x'.repeat(256),
      budget: '-1',
      latitude: '91',
      longitude: 'east',
      phone: '123',
      email: 'a@',
    })
    expect(bad).toEqual({
      ok: false,
      errors: {
        title_ru: 'forms.errors.textLength',
        budget: 'forms.errors.invalid',
        latitude: 'forms.errors.invalid',
        longitude: 'forms.errors.invalid',
        phone: 'forms.errors.invalid',
        email: 'forms.errors.email',
      },
    })
  })

  it('keeps filled cash-flow rows, deletes emptied saved ones and names a bad row by its own field', () => {
    const rows = {
      'budgets.0.sum': '100',
      'budgets.1.id': '7',
      'budgets.1.sum': '',
      'budgets.2.id': '8',
      'budgets.2.sum': '250',
      deleted_budgets: '9, x',
    }
    expect(readProjectForm({ ...valid, ...rows })).toMatchObject({
      ok: true,
      body: { budgets: [{ sum: 100 }, { id: 8, sum: 250 }], deleted_budgets: [9, 7] },
    })
    expect(readProjectForm({ ...valid, 'budgets.0.sum': '1', 'budgets.3.sum': 'lots' })).toEqual({
      ok: false,
      errors: { 'budgets.3.sum': 'forms.errors.invalid' },
    })
  })

  it('checks the image and presentations by extension and size', () => {
    expect(
      checkProjectFiles({ image: { name: 'a.gif', size: 1 }, presentation_ru: { name: 'deck.key', size: 1 } }),
    ).toEqual({ image: 'forms.errors.fileType', presentation_ru: 'forms.errors.fileType' })
    expect(checkProjectFiles({ image: { name: 'a.JPG', size: IMAGE_MAX_BYTES + 1 } })).toEqual({
      image: 'forms.errors.imageTooLarge',
    })
  })
})

describe('submitProjectForm', () => {
  const file = (name: string) => new File(['bytes'], name)
  const ports = (calls: string[], fail: { save?: GatewayFailure; upload?: string } = {}): ProjectFormPorts => ({
    gateway: {
      request: async <T>(method: string, path: string, opts?: { query?: Record<string, unknown> }) => {
        calls.push(`${method} ${path}${opts?.query ? `?id=${String(opts.query.id)}` : ''}`)
        if (fail.save) return fail.save
        return { ok: true, envelope: { result: { code: 'ok', description: '' }, content: { id: 41 } as T } }
      },
    },
    upload: async (path, data, field) => {
      calls.push(`upload ${field} ${path} ${String(data.get('project_id'))}`)
      if (field === fail.upload) return { ok: false, status: 413, code: 'file_too_large', errors: [] }
      return { ok: true, envelope: { result: { code: 'ok', description: '' }, content: null } }
    },
  })

  it('creates the project, then uploads the image and each presentation one by one', async () => {
    const calls: string[] = []
    const outcome = await submitProjectForm(ports(calls), {
      fields: valid,
      files: { image: file('a.png'), presentation_en: file('deck.pdf') },
      id: null,
    })
    expect(outcome).toEqual({ ok: true, id: 41, filesFailed: false })
    expect(calls).toEqual([
      'POST /siw/personal/project',
      'upload image /document/project/upload 41',
      'upload presentation_en /document/project/presentation 41',
    ])
  })

  it('updates a project it has the id of, and reports failed uploads without failing the saved project', async () => {
    const calls: string[] = []
    const outcome = await submitProjectForm(ports(calls, { upload: 'image' }), {
      fields: valid,
      files: { image: file('a.png'), presentation_uz: file('deck.pdf') },
      id: '41',
    })
    expect(outcome).toEqual({ ok: true, id: 41, filesFailed: true })
    expect(calls).toEqual(['PUT /siw/personal/project?id=41', 'upload image /document/project/upload 41'])
  })

  it('sends nothing for a form with errors, and maps the gateway’s field errors to the form’s fields', async () => {
    const calls: string[] = []
    expect(await submitProjectForm(ports(calls), { fields: {}, files: {}, id: null })).toMatchObject({
      ok: false,
      status: 422,
      code: null,
    })
    expect(calls).toEqual([])
    const refused: GatewayFailure = {
      ok: false,
      status: 422,
      code: 'validation_error',
      errors: ['content.ru', 'budgets.2.sum'],
    }
    expect(await submitProjectForm(ports(calls, { save: refused }), { fields: valid, files: {}, id: null })).toEqual({
      ok: false,
      status: 422,
      values: valid,
      errors: { content_ru: 'forms.errors.invalid', 'budgets.2.sum': 'forms.errors.invalid' },
      code: 'validation_error',
    })
  })
})
