import type { LoginUser } from '@/lib/auth';

/**
 * Where a sign-in ends: operators in the back office (their own customer registration is usually empty and is not
 * what they came for), customers with an unfinished registration on /register/finish, everyone else at home.
 */
export function landingPathFor(user: Pick<LoginUser, 'registration_complete' | 'staff_roles'>): string {
  if (user.staff_roles && user.staff_roles.length > 0) return '/admin';
  return user.registration_complete === false ? '/register/finish' : '/';
}
