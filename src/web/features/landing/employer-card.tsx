import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.js';
import { EMPLOYER_GATE_PARAM, TOO_MANY_TEXT, WRONG_EMAIL_TEXT } from '../../../shared/forms.js';
import { FORM_ROUTES, pagePath } from '../../../shared/paths.js';
import { dataSource } from '../../data/loader-data.js';
import { readEmployerFlag, writeEmployerFlag } from './employer-gate.js';
import type { LandingData } from './landing-types.js';

const noSubscription = () => () => {};

/**
 * The employer gate: 'I'm' reveals an e-mail form; the server decides whether the address is
 * the expected one (it never reaches the browser). A pass unlocks 'Go Here' and opens /resume.
 * Both are forms that work without JavaScript: 'I'm' asks for /?employer=1, which the server
 * renders with the box open, and the e-mail form posts to the server, which redirects to /resume
 * or answers with a page. The script keeps the specification's behaviour in place: the box
 * opens without a reload, and a refusal is an alert.
 */
export function EmployerCard({ employer }: { employer: LandingData['employer'] }) {
  const formId = useId();
  const inputId = useId();
  // Read once, for the first render: useSearchParams would bring React Router's search-params
  // code into the library chunk that every page loads.
  const { search } = useLocation();
  const [revealed, setRevealed] = useState(() =>
    new URLSearchParams(search).has(EMPLOYER_GATE_PARAM),
  );
  const { allowed, checking, check } = useEmployerCheck();
  return (
    <section
      className="landing-card landing-card--employer"
      aria-labelledby="landing-employer-title"
    >
      <p className="eyebrow">For employers</p>
      <h2 id="landing-employer-title" className="landing-card__title">
        {employer.title}
      </h2>
      <p className="landing-card__text">{employer.text}</p>
      <form className="landing-card__actions" method="get" action={pagePath.landing()}>
        <button
          type="submit"
          name={EMPLOYER_GATE_PARAM}
          value="1"
          className="button button--secondary"
          aria-expanded={revealed}
          aria-controls={formId}
          onClick={(event) => {
            event.preventDefault();
            setRevealed(true);
          }}
        >
          I&apos;m
        </button>
        {allowed ? (
          <Link className="button" to={pagePath.resume()}>
            Go Here
          </Link>
        ) : (
          <a className="button" role="link" aria-disabled="true">
            Go Here
          </a>
        )}
      </form>
      <GateForm
        id={formId}
        inputId={inputId}
        revealed={revealed}
        checking={checking}
        onEmail={check}
      />
    </section>
  );
}

/** Whether this visitor passed the check (now or earlier this session), and the check itself. */
function useEmployerCheck() {
  const navigate = useNavigate();
  const [passedNow, setPassedNow] = useState(false);
  // The server (and hydration) render the gate shut; the browser then reads the session flag.
  const passedBefore = useSyncExternalStore(noSubscription, readEmployerFlag, () => false);
  const [checking, setChecking] = useState(false);

  async function check(email: string) {
    if (!email) {
      window.alert(WRONG_EMAIL_TEXT);
      return;
    }
    setChecking(true);
    const result = await dataSource(undefined).checkEmployer(email);
    setChecking(false);
    if (result.allowed) {
      writeEmployerFlag();
      setPassedNow(true);
      void navigate(pagePath.resume());
    } else {
      window.alert(result.status === 429 ? TOO_MANY_TEXT : WRONG_EMAIL_TEXT);
    }
  }

  return { allowed: passedNow || passedBefore, checking, check };
}

interface GateFormProps {
  id: string;
  inputId: string;
  revealed: boolean;
  checking: boolean;
  onEmail: (email: string) => Promise<void>;
}

function GateForm({ id, inputId, revealed, checking, onEmail }: GateFormProps) {
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (revealed) inputRef.current?.focus();
  }, [revealed]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onEmail((inputRef.current?.value ?? '').trim());
  }

  return (
    <form
      id={id}
      className="landing-gate"
      method="post"
      action={FORM_ROUTES.employerCheck}
      hidden={!revealed}
      onSubmit={onSubmit}
      noValidate
    >
      <label className="landing-gate__label" htmlFor={inputId}>
        Your work email
      </label>
      <div className="landing-gate__row">
        <input
          ref={inputRef}
          id={inputId}
          className="landing-gate__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <button type="submit" className="button" disabled={checking}>
          Submit
        </button>
      </div>
    </form>
  );
}
