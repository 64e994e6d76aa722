import { useRef, useState, type FormEvent } from 'react';
import { api, type ApiError } from './api';
import { useT } from './i18n';

/**
 * Sign-in: user name and password, then the two-factor code when the service asks for it
 * (`otp_required`). The session is an HttpOnly cookie set by POST /api/v1/session; the page never sees it.
 */
export function SignIn({ onSignedIn }: { onSignedIn: () => void | Promise<void> }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needOtp, setNeedOtp] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const r = await api.POST('/api/v1/session', { body: { username, password, ...(needOtp ? { otp } : {}), device: 'Web browser' } });
      if (r.response.ok) return void (await onSignedIn());
      const err = (r.error ?? {}) as ApiError;
      if (err.error === 'otp_required') {
        setNeedOtp(true);
        setTimeout(() => otpRef.current?.focus(), 0);
      } else if (r.response.status === 429) setError(t('signin.limited'));
      else if (r.response.status === 403) setError(t('signin.blocked'));
      else setError(needOtp ? t('signin.otpFailed') : t('signin.failed'));
    } catch {
      setError(t('app.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="signin" id="main">
      <form className="card signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">{t('signin.title')}</h1>
        <label>
          {t('signin.username')}
          <input name="username" autoComplete="username" inputMode="email" autoCapitalize="none" required value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </label>
        <label>
          {t('signin.password')}
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {needOtp && (
          <label>
            {t('signin.otp')}
            <input
              ref={otpRef}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              aria-describedby="otp-help"
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            />
            <span id="otp-help" className="help">
              {t('signin.otpHelp')}
            </span>
          </label>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t('signin.submit')}
        </button>
        <a href="/forgot-password">{t('signin.forgot')}</a>
      </form>
    </main>
  );
}
