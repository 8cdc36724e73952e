/** The page actions by route id. A route without an action answers 405 to POST. */
import type { RouteId } from '../../shared/routes'
import { appealsAction } from './appeals'
import { changePasswordAction } from './change-password'
import { contactUsAction } from './contact-us'
import { eventRegisterAction } from './event-register'
import { forgotPasswordAction } from './forgot-password'
import { myProjectsAction } from './my-projects'
import { projectFormAction } from './project-form'
import { registerBusinessAction } from './register-business'
import { registerInvestorAction } from './register-investor'
import { resetPasswordAction } from './reset-password'
import { signInAction } from './sign-in'
import type { Action } from './types'

const actions = {
  'sign-in': signInAction,
  'contact-us': contactUsAction,
  'forgot-password': forgotPasswordAction,
  'reset-password': resetPasswordAction,
  'profile-password': changePasswordAction,
  'profile-appeals': appealsAction,
  'profile-my-projects': myProjectsAction,
  'profile-project-form': projectFormAction,
  'guide-register-business': registerBusinessAction,
  'guide-register-investor': registerInvestorAction,
  'event-register': eventRegisterAction,
} satisfies { readonly [Id in RouteId]?: Action<Id> }

/** The routes that take a form post: what a record of one entry per action is keyed by. */
export type ActionRouteId = keyof typeof actions

export const ACTIONS: { readonly [Id in RouteId]?: Action<Id> } = actions
