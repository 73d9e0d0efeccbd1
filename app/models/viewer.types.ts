/** The viewer as the browser sees it (the root loader's `viewer`): no ids, no email. */
export interface ClientViewer {
  user: { name: string; picture: string | null } | null;
  isAuthenticated: boolean;
  hasSubscription: boolean;
  isAdmin: boolean;
}
