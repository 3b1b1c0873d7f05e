/**
 * Password rules shared by the sign-up and reset forms and the server: 8 to 128 characters, not a
 * commonly used password, not the account's own email address.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Frequently breached passwords of 8+ characters (shorter ones already fail the length rule).
const COMMON = new Set(
  `12345678 123456789 1234567890 12345678910 password password1 password12 password123 password1234
passw0rd p@ssw0rd p@ssword qwertyuiop qwerty123 qwerty1234 qwertyui 1q2w3e4r 1q2w3e4r5t 1qaz2wsx
zaq12wsx qazwsxedc q1w2e3r4 q1w2e3r4t5 asdfghjkl asdfghjk zxcvbnm1 11111111 111111111 1111111111
00000000 000000000 12341234 87654321 98765432 987654321 11223344 12121212 123123123 123321123
abcd1234 abc12345 abcdefgh abcdefg1 iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess
princess1 football football1 baseball baseball1 superman batman123 starwars starwars1 whatever
trustno1 welcome1 welcome123 letmein1 letmein123 changeme changeme1 computer internet
corvette mercedes michelle jennifer jessica1 charlie1 chocolate butterfly elizabeth
liverpool liverpool1 arsenal1 chelsea1 manchester united1 monkey123 dragon123 master123
shadow123 football123 password! password01 password2 password3 administrator admin123 admin1234
rootroot qwerty12 qwerty11 asdf1234 asdfasdf zxcvbnma 1qazxsw2 aaaaaaaa 88888888 66666666
55555555 99999999 12345qwert 123qweasd qweasdzxc 147258369 159753456 741852963 789456123
123654789 7777777777 secret123 hello123 hello1234 freedom1 loveyou1 lovely123 flower123
summer2024 summer2025 summer2026 winter2025 winter2026 spring2026 autumn2026 january1
toolshed toolshed1 toolshed123 letmein! default1 guest123 test1234 testtest 1234abcd
qwerty!@ a1b2c3d4 a1234567 aa123456 abc123456 pass1234 passpass mypassword mustang1
jordan23 michael1 jordan123 thomas12 pokemon1 minecraft minecraft1 fortnite1 samsung1
iphone12 google123 facebook1 linkedin1 nintendo1 matrix123 hunter12 harley12 ranger12
buster12 soccer12 hockey12 tigger12 ginger12 pepper12 cookie12 maggie12 robert12 daniel12`.split(/\s+/),
);

export type PasswordProblem = 'too-short' | 'too-long' | 'common' | 'is-email';

export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'common';
  if (email && lower === email.trim().toLowerCase()) return 'is-email';
  return null;
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  'too-short': `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  'too-long': `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Please choose one that is harder to guess.',
  'is-email': 'Your password must not be your email address.',
};
