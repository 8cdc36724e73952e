/** What investors say (`GET review`): quotes with the author's name, position and company. */

import type { Review } from '../../../contract/gateway/site'
import type { Key } from '../../../shared/keys/api-keys'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { PatternArt } from '../../ui/pattern-art'
import { imageSrc } from './image'

/** "Name, Position, Company" → the name, and the rest as the line under it. */
function splitAuthor(author: string): { name: string; role: string } {
  const [name = '', ...rest] = author.split(',').map((s) => s.trim())
  return { name, role: rest.join(', ') }
}

export function Testimonials({ dataKey }: { dataKey: Key<Review[]> }) {
  const t = useT()
  const { data, error } = usePayload(dataKey)
  if (error) return <ErrorState error={error} headingLevel={3} />
  const reviews = data?.content ?? []
  if (!reviews.length) return <EmptyState headingLevel={3} title={t('home.reviews.empty')} />
  return (
    <ul className="testimonials">
      {reviews.map((review, i) => {
        const { name, role } = splitAuthor(review.author)
        const photo = imageSrc(review.photo, true)
        return (
          <li key={review.id ?? i}>
            <figure className="testimonial">
              <blockquote className="testimonial__quote">
                <p>{review.comment}</p>
              </blockquote>
              <figcaption className="testimonial__author">
                <span className="testimonial__photo" aria-hidden="true">
                  {photo ? (
                    <img src={photo} alt="" width={56} height={56} loading="lazy" decoding="async" />
                  ) : (
                    <PatternArt seed={name} />
                  )}
                </span>
                <span className="testimonial__name">{name}</span>
                {role && <span className="testimonial__role">{role}</span>}
              </figcaption>
            </figure>
          </li>
        )
      })}
    </ul>
  )
}
