/** The parent page's query keys, shared by the child's account and the settings that change it. */
export const parentKeys = {
  account: (uid: number) => ['parental', 'account', uid] as const,
};
