/** One template per kind of mail (docs/decisions/0046-mail-templates.md), and the props each takes. */
import type { MailKind } from '../kinds'
import {
  duplicateRegistrationMail,
  emailChangedMail,
  emailChangeMail,
  newSignInMail,
  passwordChangedMail,
  registrationRejectedMail,
  resetMail,
  residentWelcomeMail,
  setPasswordMail,
} from './account'
import { appealReceiptMail, appealRejectedMail, appealReplyMail } from './appeals'
import { contactReceiptMail, contactReplyMail } from './contact'
import { enquiryReceiptMail, enquiryReplyMail, enquiryStatusMail } from './enquiries'
import { eventConfirmedMail, eventDeclinedMail, eventReceivedMail } from './events'
import { projectApprovedMail, projectRejectedMail } from './projects'
import type { MailTemplate, PropsOf } from './template'

export const TEMPLATES = {
  reset: resetMail,
  'set-password': setPasswordMail,
  'welcome-resident': residentWelcomeMail,
  'registration-rejected': registrationRejectedMail,
  'duplicate-registration': duplicateRegistrationMail,
  'password-changed': passwordChangedMail,
  'new-sign-in': newSignInMail,
  'email-change': emailChangeMail,
  'email-changed': emailChangedMail,
  'appeal-receipt': appealReceiptMail,
  'appeal-reply': appealReplyMail,
  'appeal-rejected': appealRejectedMail,
  'project-approved': projectApprovedMail,
  'project-rejected': projectRejectedMail,
  'event-received': eventReceivedMail,
  'event-confirmed': eventConfirmedMail,
  'event-declined': eventDeclinedMail,
  'contact-receipt': contactReceiptMail,
  'contact-reply': contactReplyMail,
  'enquiry-receipt': enquiryReceiptMail,
  'enquiry-reply': enquiryReplyMail,
  'enquiry-status': enquiryStatusMail,
  // The same news of a contact request, which names no project; its choice is the contact form's.
  'contact-status': enquiryStatusMail,
} satisfies Record<MailKind, MailTemplate<never>>

/** What each kind's template is given. */
export type MailProps = { [K in MailKind]: PropsOf<(typeof TEMPLATES)[K]> }
