/** One row of a `dl.details-list`: a label and its value, or nothing when there is no value. */
export function DetailsRow({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
