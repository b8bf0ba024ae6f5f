import { useId, useState, type FormEvent } from 'react';
import { CONTACT_SUCCESS } from '../../../shared/forms.js';
import { apiPath, FORM_ROUTES } from '../../../shared/paths.js';

/**
 * The form's action, relative as the specification has it (the form lives on /resume only). It
 * is where the browser posts the form natively; with JavaScript the form posts JSON instead.
 */
const ACTION = FORM_ROUTES.contact.slice(1);

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

async function send(form: HTMLFormElement): Promise<Status> {
  const data = new FormData(form);
  const body = Object.fromEntries(
    FIELDS.map((field) => [field, String(data.get(field) ?? '').trim()]),
  );
  try {
    const response = await fetch(apiPath.contact(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status === 201) return { kind: 'sent' };
    const error = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    return {
      kind: 'error',
      message: error?.error?.message ?? `The message could not be sent (${response.status}).`,
    };
  } catch {
    return {
      kind: 'error',
      message: 'The message could not be sent: the network seems to be down.',
    };
  }
}

/**
 * The contact form of the specification. 'Send Message' stays disabled unless the site owner
 * switched the form on; then it posts JSON to /api/contact and shows the outcome in place.
 * Without JavaScript (or before it runs) the browser posts the form itself and the server
 * answers with a page; the inputs are uncontrolled, so hydration keeps what was typed.
 */
export function ContactForm({ enabled, email }: { enabled: boolean; email: string }) {
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled || status.kind === 'sending') return;
    const form = event.currentTarget;
    setStatus({ kind: 'sending' });
    const result = await send(form);
    if (result.kind === 'sent') form.reset();
    setStatus(result);
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="resume-form" action={ACTION} method="post" onSubmit={onSubmit}>
      <h3 id={field('title')} className="resume-subtitle">
        Send a message
      </h3>
      <ContactFields field={field} />
      {!enabled && (
        <p className="resume-form__note">
          Sending from this form is switched off for now. Please write to{' '}
          <a href={`mailto:${email}`}>{email}</a> instead.
        </p>
      )}
      <div className="resume-form__footer">
        <button type="submit" className="button" disabled={!enabled || status.kind === 'sending'}>
          Send Message
        </button>
        <p role="status" className="resume-form__status">
          {status.kind === 'sent' && CONTACT_SUCCESS}
        </p>
      </div>
      {status.kind === 'error' && (
        <p role="alert" className="resume-form__error">
          {status.message}
        </p>
      )}
    </form>
  );
}

/** The four inputs; `field` names each one's id after the form's own. */
function ContactFields({ field }: { field: (name: string) => string }) {
  return (
    <>
      <div className="resume-form__row">
        <p className="resume-form__field">
          <label htmlFor={field('name')}>Your name</label>
          <input
            id={field('name')}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={200}
            required
          />
        </p>
        <p className="resume-form__field">
          <label htmlFor={field('email')}>Your email</label>
          <input
            id={field('email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={320}
            required
          />
        </p>
      </div>
      <p className="resume-form__field">
        <label htmlFor={field('subject')}>Subject</label>
        <input id={field('subject')} name="subject" type="text" maxLength={300} required />
      </p>
      <p className="resume-form__field">
        <label htmlFor={field('message')}>Message</label>
        <textarea id={field('message')} name="message" rows={6} maxLength={10000} required />
      </p>
    </>
  );
}
