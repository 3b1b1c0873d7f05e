export { safeReturnPath } from '@toolshed/core';

export { loginPathFrom } from '../../lib/login-path.ts';
