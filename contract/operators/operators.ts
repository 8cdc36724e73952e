/**
 * Who the operators are (docs/gateway-contract.md#operator): the caller with the areas their role reaches, and the
 * admins' list and changes of it.
 */
import * as v from 'valibot'
import { OPERATOR_AREAS, OPERATOR_ROLES } from './values'

/** An operator, as the list and every change of one answer it. */
export const OperatorSchema = v.looseObject({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(OPERATOR_ROLES),
  created_at: v.string(),
})
export type Operator = v.InferOutput<typeof OperatorSchema>

/** `GET /core/operator/me`: the caller, and the areas their role reaches (the console opens only those). */
export const MeSchema = v.looseObject({ ...OperatorSchema.entries, areas: v.array(v.picklist(OPERATOR_AREAS)) })
export type Me = v.InferOutput<typeof MeSchema>

/** `GET /core/operator/operators`: the active operators, admins first. */
export const OperatorListSchema = v.array(OperatorSchema)

/** `POST /core/operator/operators/{id}/remove`. */
export const OperatorRemovedSchema = v.looseObject({ id: v.number() })
