import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Operator } from '@vsp/contract/endpoints/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@vsp/contract/operator-roles';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { OPERATOR_TEXTS } from '../texts-operators';
import { DataTable } from './data-table';
import { OperatorInvitations } from './operator-invitations';
import { ActionMessage, LoadState, lastRun, outcome } from './status';

const TEXTS = OPERATOR_TEXTS.operators;
type Action = { operator: Operator } & ({ kind: 'roles'; roles: OperatorRole[] } | { kind: 'reset' } | { kind: 'revoke' });
const DONE = { roles: TEXTS.rolesSaved, reset: TEXTS.factorsReset, revoke: TEXTS.revokedDone };

/** Administrators: every operator's roles, factors and last sign-in; set roles, reset a lost factor, revoke (decision 0154). */
export function OperatorsPage({ selfUid }: { selfUid: number }) {
  const list = useQuery(queries.operators());
  const actions = { roles: useMutation(mutations.saveRoles()), reset: useMutation(mutations.resetFactors()), revoke: useMutation(mutations.revokeOperator()) };
  const last = lastRun(actions);
  const done = (operator: Operator) => DONE[last](operator.userName);
  const message = last === 'roles' ? outcome(actions.roles, done) : outcome(actions[last], done);

  function act(action: Action) {
    const { uid } = action.operator;
    if (action.kind === 'roles') actions.roles.mutate({ uid, roles: action.roles });
    else actions[action.kind].mutate(uid);
  }

  return (
    <section aria-labelledby="operators-heading" className="stack stack--wide">
      <h1 id="operators-heading">{TEXTS.heading}</h1>
      <p>{TEXTS.intro}</p>
      <LoadState query={list} />
      <ActionMessage message={message} />
      {list.data && (
        <DataTable columns={Object.values(TEXTS.columns)}>
          {list.data.operators.map((operator) => (
            <OperatorRow key={operator.uid} operator={operator} self={operator.uid === selfUid} busy={actions[last].isPending} onAct={act} />
          ))}
        </DataTable>
      )}
      <OperatorInvitations />
    </section>
  );
}

function OperatorRow({ operator, self, busy, onAct }: { operator: Operator; self: boolean; busy: boolean; onAct: (action: Action) => void }) {
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const toggle = (role: OperatorRole, on: boolean) => setRoles((current) => OPERATOR_ROLES.filter((r) => (r === role ? on : current.includes(r))));
  return (
    <tr>
      <td>{operator.uid}</td>
      <td>{operator.userName}</td>
      <td>{operator.email}</td>
      <td>
        <fieldset className="row" aria-label={TEXTS.rolesOf(operator.userName)}>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className="check">
              <input type="checkbox" checked={roles.includes(role)} onChange={(e) => toggle(role, e.target.checked)} aria-label={TEXTS.roleOf(OPERATOR_TEXTS.roles[role], operator.userName)} />
              {OPERATOR_TEXTS.roles[role]}
            </label>
          ))}
        </fieldset>
      </td>
      <td>{operator.factors.length === 0 ? TEXTS.noFactor : operator.factors.map((factor) => TEXTS.factorNames[factor] ?? factor).join(', ')}</td>
      <td>{operator.lastSignInAt ? new Date(operator.lastSignInAt).toLocaleString() : TEXTS.never}</td>
      <td className="row">
        <button type="button" disabled={busy} onClick={() => onAct({ operator, kind: 'roles', roles })}>
          {TEXTS.saveRoles}
        </button>
        {!self && (
          <>
            <button type="button" disabled={busy} onClick={() => window.confirm(TEXTS.confirmReset(operator.userName)) && onAct({ operator, kind: 'reset' })}>
              {TEXTS.resetFactors}
            </button>
            {operator.revoked ? (
              <span className="muted">{TEXTS.revoked}</span>
            ) : (
              <button type="button" className="danger" disabled={busy} onClick={() => window.confirm(TEXTS.confirmRevoke(operator.userName)) && onAct({ operator, kind: 'revoke' })}>
                {TEXTS.revoke}
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
