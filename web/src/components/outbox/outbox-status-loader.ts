/**
 * The outbox status's chunk, imported through this small chunk of its own: the list of the files it
 * needs (27) is then written here, not in the landing page's first script, which imports only this
 * (decision 099; one more round trip the first time the outbox is shown).
 */
export const loadOutboxStatus = () => import('./outbox-status');
