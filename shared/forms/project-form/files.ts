/**
 * The project form's files: the image and one presentation per language, checked by type and size before they
 * upload (the gateway checks the bytes again).
 */
import type { FieldErrors, FileLike } from '../forms'
import { PROJECT_LANGS, presentationField } from './fields'

const MB = 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * MB
export const PRESENTATION_MAX_BYTES = 25 * MB
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'
export const PRESENTATION_ACCEPT = '.pdf,.pptx,.docx,.xlsx'
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp']
const PRESENTATION_EXTENSIONS = ['pdf', 'pptx', 'docx', 'xlsx']
function extension(name: string): string {
  return name.toLowerCase().split('.').pop() ?? ''
}

/** Size and type checks of the image and presentations before uploading (the gateway checks the bytes again). */
export function checkProjectFiles(files: Readonly<Partial<Record<string, FileLike>>>): FieldErrors {
  const errors: FieldErrors = {}
  const image = files.image
  if (image) {
    if (!IMAGE_EXTENSIONS.includes(extension(image.name))) errors.image = 'forms.errors.fileType'
    else if (image.size > IMAGE_MAX_BYTES) errors.image = 'forms.errors.imageTooLarge'
  }
  for (const lang of PROJECT_LANGS) {
    const file = files[presentationField(lang)]
    if (!file) continue
    if (!PRESENTATION_EXTENSIONS.includes(extension(file.name)))
      errors[presentationField(lang)] = 'forms.errors.fileType'
    else if (file.size > PRESENTATION_MAX_BYTES) errors[presentationField(lang)] = 'forms.errors.presentationTooLarge'
  }
  return errors
}

/** The files a submission carries, by field. */
export type ProjectFiles = Readonly<Partial<Record<string, FileLike & Blob>>>
