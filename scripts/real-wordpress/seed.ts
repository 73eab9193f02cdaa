export interface SeedTarget {
  url: string;
  user: string;
  appPassword: string;
  log: (line: string) => void;
}
export async function seedWordPress(target: SeedTarget): Promise<void> {
  target.log('seeding: not yet');
}
