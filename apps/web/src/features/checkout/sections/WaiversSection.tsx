import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { WaiverRequirement } from '../api/checkout.ts';
import { FieldError, Section } from '../components/Field.tsx';
import { waiverKey, type CheckoutFields } from '../use-checkout-fields.ts';

/** The waivers somebody still has to sign: the text, *I have read the waiver…* and a typed name. */
export const WaiversSection = ({ step, fields }: { step: number; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  return (
    <Section id="waivers" step={step} title={t('waivers.title')} lead={t('waivers.lead')}>
      <div className="grid gap-6">
        {fields.waiversToSign.map((waiver) => (
          <Waiver key={waiverKey(waiver)} waiver={waiver} fields={fields} />
        ))}
      </div>
    </Section>
  );
};

const Waiver = ({ waiver, fields }: { waiver: WaiverRequirement; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  const key = waiverKey(waiver);
  const value = fields.signatureOf(key);
  const acceptId = `waiver-${key}-accept`;
  const signatureId = `waiver-${key}-signature`;
  const acceptError = fields.errors[acceptId];
  const signatureError = fields.errors[signatureId];
  return (
    <fieldset className="rounded-lg border border-neutral-300 p-4" data-testid="waiver">
      <legend className="px-1 font-semibold text-neutral-900">
        {t('waivers.for', { title: waiver.title, name: `${waiver.person.firstName} ${waiver.person.lastName}` })}
      </legend>
      <div className="max-h-40 overflow-y-auto rounded bg-neutral-50 p-3 text-sm whitespace-pre-line text-neutral-800" tabIndex={0} aria-label={waiver.title}>
        {waiver.body}
      </div>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={acceptId}
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
          checked={value.accepted}
          aria-invalid={acceptError ? true : undefined}
          aria-describedby={acceptError ? `${acceptId}-error` : undefined}
          onChange={(event) => fields.sign(key, { accepted: event.target.checked }, acceptId)}
        />
        <label htmlFor={acceptId} className="text-neutral-900">
          {t('waivers.accept', { name: waiver.person.firstName })}
        </label>
      </div>
      <FieldError id={`${acceptId}-error`} error={acceptError} />
      <div className="mt-3 max-w-sm">
        <label htmlFor={signatureId} className="block text-sm font-semibold text-neutral-900">
          {t('waivers.signature')}
        </label>
        <input
          id={signatureId}
          autoComplete="name"
          className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700"
          value={value.signature}
          aria-invalid={signatureError ? true : undefined}
          aria-describedby={signatureError ? `${signatureId}-error` : undefined}
          onChange={(event) => fields.sign(key, { signature: event.target.value }, signatureId)}
        />
        <FieldError id={`${signatureId}-error`} error={signatureError} />
      </div>
    </fieldset>
  );
};
