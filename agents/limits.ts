/** No agent can use a bigger answer (text characters); a tree that big is read in parts. */
export const MAX_ANSWER_CHARS = 4 * 1024 * 1024;
