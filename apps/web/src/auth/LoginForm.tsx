import { errorCatalogue, validationMessages } from '@sejour/domain/messages';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import { requestLogin } from '../api/login-request';
import { AnimatedIcon } from '../ui/icons/AnimatedIcon';
import { PlainThemeToggle } from '../ui/icons/PlainThemeToggle';
import card from '../ui/login-card/LoginCard.module.css';
import texts from './fr-FR.json';
import classes from './LoginForm.module.css';

type FieldName = 'username' | 'password';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

/** The login schema's rules that a person can break before sending: both fields are required. */
function check(values: Values): Errors {
  const errors: Errors = {};
  if (values.username.trim() === '') errors.username = validationMessages.required();
  if (values.password === '') errors.password = validationMessages.required();
  return errors;
}

export interface LoginFormProps {
  /** Called with the token once the server accepted; the button stays busy until it settles. */
  onLoggedIn: (token: string) => unknown;
  /** Called when the form is sent (the first visit starts downloading the app meanwhile). */
  onSubmit?: () => void;
  /** Follows the "forgotten password" link without reloading the page (inside the app's router). */
  onForgot?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The login screen, with React alone (no Mantine component, no form library, no translation layer): it is what a
 * first visit downloads, so that hosts on a phone see it fast. It looks like the kit's `LoginCard` with its
 * fields, reads its texts from the feature's `fr-FR.json` and the messages from the domain.
 */
export function LoginForm(props: LoginFormProps) {
  const t = texts.login;
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [visible, setVisible] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (name: FieldName, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // A field shown in error is checked again as it is corrected.
    if (errors[name])
      setErrors((previous) => ({ ...previous, [name]: check({ ...values, [name]: value })[name] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = check(values);
    setErrors(found);
    if (found.username || found.password) {
      setMessage(errorCatalogue.validation_error.message);
      return;
    }
    setMessage(null);
    setBusy(true);
    props.onSubmit?.();
    try {
      const answer = await requestLogin({ username: values.username.trim(), password: values.password });
      if (answer.ok) {
        await props.onLoggedIn(answer.token);
        return;
      }
      const placed: Errors = {};
      const unplaced: string[] = [];
      for (const [field, text] of Object.entries(answer.fieldErrors)) {
        if (field === 'username' || field === 'password') placed[field] = text;
        else unplaced.push(text);
      }
      setErrors(placed);
      const first = (['username', 'password'] as const).find((name) => placed[name]);
      if (first) inputs[first].current?.focus();
      setMessage(
        unplaced.length > 0 || !first ? [...new Set([answer.message, ...unplaced])].join(' ') : null,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={card.grid}>
      <PlainThemeToggle className={card.theme} />
      <div className={`${card.card} ${classes.paper}`}>
        <div className={card.logo}>
          <img src="/logo.svg" alt="" width={56} height={56} />
        </div>
        <h1 className={classes.title}>{t.title}</h1>
        <div className={classes.stack}>
          <p className={classes.welcome}>{t.welcome}</p>
          <form noValidate onSubmit={submit}>
            <div className={classes.fields}>
              <Field label={t.username} error={errors.username}>
                {(ids) => (
                  <input
                    {...ids}
                    ref={inputs.username}
                    className={classes.input}
                    name="username"
                    type="text"
                    autoComplete="username"
                    required
                    value={values.username}
                    onChange={(event) => change('username', event.currentTarget.value)}
                  />
                )}
              </Field>
              <Field label={t.password} error={errors.password}>
                {(ids) => (
                  <div className={classes.password}>
                    <input
                      {...ids}
                      ref={inputs.password}
                      className={classes.input}
                      name="password"
                      type={visible ? 'text' : 'password'}
                      autoComplete="current-password"
                      required
                      value={values.password}
                      onChange={(event) => change('password', event.currentTarget.value)}
                    />
                    <button
                      type="button"
                      className={classes.reveal}
                      aria-label={visible ? texts.password.hide : texts.password.show}
                      aria-pressed={visible}
                      onClick={() => setVisible(!visible)}
                    >
                      <AnimatedIcon name={visible ? 'hide' : 'show'} size={18} />
                    </button>
                  </div>
                )}
              </Field>
              {message && (
                <div className={classes.alert} role="alert">
                  <CircleAlert size={18} aria-hidden className={classes.alertIcon} />
                  <div className={classes.alertText}>{message}</div>
                </div>
              )}
              <div className={classes.actions}>
                <button
                  type="submit"
                  className={classes.submit}
                  data-loading={busy || undefined}
                  aria-busy={busy}
                >
                  <span className={classes.submitLabel}>{t.submit}</span>
                  {busy && <span className={classes.spinner} aria-hidden />}
                </button>
              </div>
            </div>
          </form>
        </div>
        <div className={card.links}>
          <a className={classes.link} href="/ask-reset-password" onClick={props.onForgot}>
            {t.forgot}
          </a>
          {/* Plain links: the public pages load with the app, nothing of theirs is in the login's code. */}
          <a className={classes.link} href="/public-form">
            {t.register}
          </a>
          <a className={classes.link} href="/simulateur">
            {t.simulator}
          </a>
        </div>
      </div>
    </main>
  );
}

/** A labelled field with the kit's look: required mark, error under the input, the label's states. */
function Field(props: {
  label: string;
  error: string | undefined;
  children: (ids: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classes.field} data-invalid={props.error ? '' : undefined}>
      <label className={classes.label} htmlFor={id}>
        {props.label}
        <span className={classes.required} aria-hidden>
          {' *'}
        </span>
      </label>
      {props.children({
        id,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': props.error ? errorId : undefined,
      })}
      {props.error && (
        <p className={classes.error} id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
