import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { OperatorMe } from '@vsp/contract/endpoints/operators';
import { AppError } from '@vsp/contract/app-error';
import { NetworkError } from '@vsp/api-client/api-client';
import { useForm } from '@vsp/form/use-form';
import { errorText } from '../api/api';
import { mutations } from '../api/mutations';
import { OPERATOR_TEXTS } from '../texts-operators';
import { Alert } from './status';

const TEXTS = OPERATOR_TEXTS;

/** What a failed factor step says: the server's text, or that the browser used no passkey. */
function factorError(error: unknown): string {
  return error instanceof AppError || error instanceof NetworkError ? errorText(error) : TEXTS.passkey.failed;
}

/**
 * The console after the password and before anything else (decision 0155): an operator without a
 * factor enrols an authenticator app and is shown their recovery codes once; one with a factor
 * confirms the sign-in with a code or a recovery code. No other page shows until then.
 */
export function SecondFactorPage({ me, onVerified, onCancel }: { me: OperatorMe; onVerified: () => void; onCancel: () => void }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onVerified} />;
  if (me.factors.length === 0) return <Enrol onEnrolled={(codes) => (codes.length > 0 ? setRecoveryCodes(codes) : onVerified())} onCancel={onCancel} />;
  return (
    <main className="login">
      <h1>{TEXTS.verify.heading}</h1>
      <VerifyForm onVerified={onVerified} />
      <button type="button" onClick={onCancel}>
        {TEXTS.verify.cancel}
      </button>
    </main>
  );
}

function Enrol({ onEnrolled, onCancel }: { onEnrolled: (recoveryCodes: string[]) => void; onCancel: () => void }) {
  const form = useForm({ initial: { code: '' }, browserChecks: true });
  const start = useMutation(mutations.startTotp());
  const confirm = useMutation({ ...mutations.confirmTotp(), onSuccess: (data) => onEnrolled(data.recoveryCodes) });
  const passkey = useMutation({ ...mutations.enrolPasskey(), onSuccess: (data) => onEnrolled(data.recoveryCodes) });
  const error = start.error ?? confirm.error ?? passkey.error;

  return (
    <main className="login">
      <h1>{TEXTS.enrol.heading}</h1>
      <p>{TEXTS.enrol.intro}</p>
      {!start.data ? (
        <div className="row">
          <button type="button" disabled={start.isPending || passkey.isPending} onClick={() => start.mutate()}>
            {TEXTS.enrol.start}
          </button>
          <button type="button" className="secondary" disabled={start.isPending || passkey.isPending} onClick={() => passkey.mutate()}>
            {TEXTS.passkey.enrol}
          </button>
        </div>
      ) : (
        <form {...form.props} onSubmit={form.onSubmit(({ code }) => confirm.mutate({ code }))} className="stack">
          <label>
            {TEXTS.enrol.secret}
            <input readOnly value={start.data.secret} className="code" dir="ltr" />
          </label>
          <a href={start.data.uri}>{TEXTS.enrol.link}</a>
          <label>
            {TEXTS.enrol.code}
            <input {...form.field('code')} onChange={(e) => form.set('code', e.target.value.trim())} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
          </label>
          <button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? TEXTS.enrol.busy : TEXTS.enrol.confirm}
          </button>
        </form>
      )}
      {error && <Alert text={factorError(error)} />}
      <button type="button" onClick={onCancel}>
        {TEXTS.verify.cancel}
      </button>
    </main>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <main className="login">
      <h1>{TEXTS.recovery.heading}</h1>
      <p>{TEXTS.recovery.intro}</p>
      <ul aria-label={TEXTS.recovery.label} className="code" dir="ltr">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" onClick={onDone}>
        {TEXTS.recovery.saved}
      </button>
    </main>
  );
}

/** A code or a recovery code for this session: the sign-in's second factor, or a step-up. */
export function VerifyForm({ onVerified }: { onVerified: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ initial: { code: '', recoveryCode: '' }, browserChecks: true });
  const verify = useMutation({ ...mutations.verifySecondFactor(), onSuccess: onVerified });
  const passkey = useMutation({ ...mutations.verifyWithPasskey(), onSuccess: onVerified });
  const error = verify.error ?? passkey.error;

  function submit({ code, recoveryCode }: typeof form.values) {
    passkey.reset();
    verify.mutate(useRecovery ? { recoveryCode } : { code });
  }

  return (
    <form {...form.props} onSubmit={form.onSubmit(submit)} className="stack">
      <p>{TEXTS.verify.intro}</p>
      {useRecovery ? (
        <label>
          {TEXTS.verify.recoveryCode}
          <input {...form.field('recoveryCode')} autoComplete="off" required />
        </label>
      ) : (
        <label>
          {TEXTS.verify.code}
          <input {...form.field('code')} onChange={(e) => form.set('code', e.target.value.trim())} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
        </label>
      )}
      {error && <Alert text={factorError(error)} />}
      <button type="submit" disabled={verify.isPending}>
        {verify.isPending ? TEXTS.verify.busy : TEXTS.verify.submit}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          setUseRecovery(!useRecovery);
          form.reset({ code: '', recoveryCode: '' });
          verify.reset();
        }}
      >
        {useRecovery ? TEXTS.verify.useCode : TEXTS.verify.useRecovery}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={passkey.isPending}
        onClick={() => {
          verify.reset();
          passkey.mutate();
        }}
      >
        {TEXTS.passkey.verify}
      </button>
    </form>
  );
}
