// One aria-snapshot template (Playwright's syntax) for the sign-in screen, whatever the platform: the
// reference app over every protocol it speaks (examples/reference-app.spec.ts) and the web example's
// sign-in form (examples/web.spec.ts). The heading differs in its words, so its name is a regex.
export const SIGN_IN = `
  - heading /Welcome|Sign in/
  - textbox "Email"
  - textbox "Password"
  - button "Sign in"
`;
