/** feedback_actor: the identity of the integration in decisions — the API key that makes them. */
export const actorOf = (key: { id: string }): string => `key:${key.id}`;
