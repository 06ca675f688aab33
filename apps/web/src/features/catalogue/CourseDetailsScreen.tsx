import type { ReactNode } from 'react';
import { ArrowLeft, CalendarDays, Clock, GraduationCap, Mail, MapPin, Phone, Timer, UserRound, Users } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useParams } from 'react-router';
import { toMoney } from '@app/contract/rules/money';
import { useClientSettings } from '../../lib/client-settings.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { venueAddress } from '../../lib/venue-address.ts';
import { useCourse } from './api/courses.ts';
import { CategoryArtwork } from './components/CategoryArtwork.tsx';
import { CourseBooking } from './components/CourseBooking.tsx';
import { useCourseFacts } from './components/CourseCard.tsx';
import { StateMessage } from './components/StateMessage.tsx';
import { VenueNotFound } from './components/VenueNotFound.tsx';
import { capitaliseSlug } from '@app/contract/rules/activity-slug';
import { formatCourseDate, pricePerSession } from './course-format.ts';
import { isNotFound, useVenuePage } from './use-venue-page.ts';
import { useShellMode } from '../../lib/shell-mode.ts';

const Fact = ({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) => (
  <div>
    <dt className="flex items-center gap-3 text-xs font-semibold tracking-wider text-dark-400 uppercase">
      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        {icon}
      </span>
      {label}
    </dt>
    <dd className="-mt-2 pl-12 text-dark-500">{children}</dd>
  </div>
);

/** Spec §2 /courses/location/{venueSlug}/{activitySlug}/{courseSlug}: 'Course details'. */
const CourseDetailsScreen = () => {
  const { venueSlug = '', activitySlug = '', courseSlug = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const { currency } = useClientSettings();
  const { venue, isMissing } = useVenuePage(venueSlug);
  const result = useCourse(venueSlug, activitySlug, courseSlug);
  const course = result.data;
  usePageMeta({
    title: course?.name ?? t('courses.title'),
    description: course ? (course.shortDescription ?? course.description ?? undefined) : undefined,
    breadcrumbs: [
      { label: t('common:breadcrumbs.bookCourse'), to: `/courses/location/${venueSlug}` },
      { label: capitaliseSlug(activitySlug), to: `/courses/location/${venueSlug}/${activitySlug}` },
      ...(course ? [{ label: course.name }] : []),
    ],
  });

  if (isMissing) return <VenueNotFound />;
  if (result.isPending) return <LoadingSpinner />;
  if (result.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        {isNotFound(result.error) ? (
          <StateMessage as="h1" tone="problem" title={t('course.notFoundTitle')} text={t('course.notFoundText', { venue: venue?.name ?? '' })}>
            <Link to={`/courses/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
              {t('course.back')}
            </Link>
          </StateMessage>
        ) : (
          <StateMessage as="h1" tone="problem" title={t('courses.loadError')}>
            <button type="button" className={buttonClasses()} onClick={() => void result.refetch()}>
              {t('home.retry')}
            </button>
          </StateMessage>
        )}
      </div>
    );
  }
  return <CourseDetails course={result.data} venueSlug={venueSlug} activitySlug={activitySlug} currencySymbol={currency.symbol} venue={venue} />;
};

type DetailsProps = {
  course: NonNullable<ReturnType<typeof useCourse>['data']>;
  venue: ReturnType<typeof useVenuePage>['venue'];
  venueSlug: string;
  activitySlug: string;
  currencySymbol: string;
};

const CourseDetails = ({ course, venue, venueSlug, activitySlug, currencySymbol }: DetailsProps) => {
  const { t } = useTranslation('catalogue');
  // A kiosk offers no phone or email link (docs/kiosk.md): they are shown as text.
  const { isKiosk } = useShellMode();
  const contact = isKiosk ? 'mt-2 flex items-center gap-2 break-all' : 'mt-2 flex items-center gap-2 break-all text-primary-600 hover:underline';
  const facts = useCourseFacts(course);
  const price = toMoney(course.price, currencySymbol).formatted;
  const perSession = toMoney(pricePerSession(course.price, course.weeks), currencySymbol).formatted;
  return (
    <article className="pb-16">
      <div className="relative">
        <CategoryArtwork slug={course.category.slug} imageUrl={course.imageUrl} className="h-48 sm:h-64" iconClassName="size-24" />
        <div className="absolute inset-0 bg-gradient-to-t from-dark-600/80 via-dark-600/30 to-transparent" />
        <div className="absolute inset-x-0 bottom-0">
          <div className="mx-auto max-w-6xl px-4 pb-6 text-white">
            <Link
              to={`/courses/location/${venueSlug}/${activitySlug}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-white/90 underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {course.category.name}
            </Link>
            <h1 className="mt-1 font-heading text-4xl leading-tight drop-shadow sm:text-5xl">{course.name}</h1>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-8">
          {course.shortDescription && <p className="text-xl text-dark-500">{course.shortDescription}</p>}
          {course.description && <p className="text-lg leading-relaxed text-dark-400">{course.description}</p>}
          <dl className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-dark-100 sm:grid-cols-2">
            <Fact icon={<Clock className="size-4" />} label={t('course.when')}>
              {facts.weekly}
            </Fact>
            <Fact icon={<CalendarDays className="size-4" />} label={t('course.dates')}>
              {t('course.dateRange', { start: formatCourseDate(course.startsOn), end: formatCourseDate(course.endsOn) })}
              <br />
              <span className="text-sm text-dark-400">{facts.runs}</span>
            </Fact>
            <Fact icon={<Timer className="size-4" />} label={t('course.duration')}>
              {t('course.minutes', { count: course.durationMinutes })}
            </Fact>
            <Fact icon={<Users className="size-4" />} label={t('course.groupSize')}>
              {t('course.upTo', { count: course.capacity })}
            </Fact>
            {course.level && (
              <Fact icon={<GraduationCap className="size-4" />} label={t('course.level')}>
                {course.level}
              </Fact>
            )}
            {facts.ages && (
              <Fact icon={<UserRound className="size-4" />} label={t('course.ages')}>
                {facts.ages}
              </Fact>
            )}
          </dl>
          {course.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {course.tags.map((tag) => (
                <li key={tag.id} className="rounded-full bg-secondary-50 px-3 py-1 text-sm font-medium text-secondary-600">
                  {tag.name}
                </li>
              ))}
            </ul>
          )}
          {course.instructor && (
            <section aria-labelledby="coach-heading" className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-dark-100">
              <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-primary-500 to-secondary-500 font-heading text-xl text-white">
                {course.instructor.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')}
              </span>
              <div>
                <h2 id="coach-heading" className="text-xs font-semibold tracking-wider text-dark-400 uppercase">
                  {t('course.coach')}
                </h2>
                <p className="font-heading text-xl text-dark-500">{course.instructor.name}</p>
                {course.instructor.bio && <p className="mt-1 text-dark-400">{course.instructor.bio}</p>}
              </div>
            </section>
          )}
        </div>

        <aside className="order-first flex flex-col gap-4 lg:sticky lg:top-4 lg:order-none lg:self-start">
          <section aria-labelledby="price-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-primary-200">
            <h2 id="price-heading" className="text-xs font-semibold tracking-wider text-dark-400 uppercase">
              {t('course.price')}
            </h2>
            <p className="mt-1 font-heading text-4xl text-dark-500">{price}</p>
            <p className="text-sm text-dark-400">{t('course.perSession', { price: perSession })}</p>
            <p className="mt-4 flex items-center gap-2 text-sm text-dark-500">
              <CalendarDays aria-hidden="true" className="size-4 text-primary-500" />
              {facts.runs}
            </p>
          </section>
          <CourseBooking courseId={course.id} ages={{ minAge: course.minAge, maxAge: course.maxAge, startsOn: course.startsOn }} />
          {venue && (
            <section aria-labelledby="where-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-dark-100">
              <h2 id="where-heading" className="text-xs font-semibold tracking-wider text-dark-400 uppercase">
                {t('course.where')}
              </h2>
              <p className="mt-1 font-heading text-xl text-dark-500">{venue.name}</p>
              <p className="flex items-start gap-1.5 text-sm text-dark-400">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-500" />
                {venueAddress(venue)}
              </p>
              {(venue.phone || venue.email) && (
                <div className="mt-4 border-t border-dark-100 pt-4 text-sm">
                  <p className="font-medium text-dark-500">{t('course.questions')}</p>
                  {venue.phone && (
                    <a href={isKiosk ? undefined : `tel:${venue.phone.replace(/\s+/g, '')}`} className={contact}>
                      <Phone aria-hidden="true" className="size-4" />
                      {venue.phone}
                    </a>
                  )}
                  {venue.email && (
                    <a href={isKiosk ? undefined : `mailto:${venue.email}`} className={contact.replace('mt-2', 'mt-1')}>
                      <Mail aria-hidden="true" className="size-4" />
                      {venue.email}
                    </a>
                  )}
                </div>
              )}
            </section>
          )}
        </aside>
      </div>
    </article>
  );
};

export default CourseDetailsScreen;
