import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorCode, readJson } from '@/lib/api-client';
import { eventAdminKeys, type ModeratedKind } from './event-keys';

export type Decision = 'approve' | 'reject';

type DecisionRequest = {
  kind: ModeratedKind;
  id: number;
  decision: Decision;
  adminNotes: string;
  /** The entry's phone (the spec's body); the server notifies the entry's own phone. */
  userPhone: string;
};

/**
 * POST /api/{photography|google-review}-submissions/:id/approve|reject with
 * { adminNotes, userPhone }. The server writes the participant's notification
 * itself, so nothing else is sent (no POST /api/notifications). An empty
 * reject note becomes 'تم الرفض' on the server.
 */
export function decideSubmission({ kind, id, decision, adminNotes, userPhone }: DecisionRequest) {
  const entry = (kind === 'photography' ? api['photography-submissions'] : api['google-review-submissions'])[
    ':id'
  ];
  const args = { param: { id: String(id) }, json: { adminNotes, userPhone } };
  return readJson(decision === 'approve' ? entry.approve.$post(args) : entry.reject.$post(args));
}

/** 409 already_decided: someone judged the entry first. */
export function isAlreadyDecided(error: unknown): boolean {
  return errorCode(error) === 'already_decided';
}

export function useDecideSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSubmission,
    // Offline, a decision fails at once with a message instead of waiting.
    networkMode: 'always',
    // Spec section 4: after either action (and after a refusal) the list is fetched again.
    onSettled: (_data, _error, { kind }) =>
      queryClient.invalidateQueries({ queryKey: eventAdminKeys.submissions(kind) }),
  });
}
