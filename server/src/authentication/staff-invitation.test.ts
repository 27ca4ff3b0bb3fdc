import { describe, expect, it } from 'vitest';
import { isStrongPassword } from '@rivet/shared/domain/password';
import { withoutSecrets } from '../mail/mailer';
import { oneTimePassword, staffInvitationMail } from './staff-invitation';

describe('staff one-time passwords', () => {
  it('always meet the password rule and differ every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = oneTimePassword();
      expect(isStrongPassword(p), p).toBe(true);
      expect(p).not.toMatch(/[0O1lI]/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('are in the e-mail sent, and hidden in what the outbox keeps', () => {
    const password = oneTimePassword();
    const mail = staffInvitationMail({
      to: 'ada@partner.ng',
      firstName: 'Ada',
      userName: 'ada.partner',
      password,
      organisation: 'University of Lagos',
      roleName: 'INSTITUTION ADMIN',
      publicUrl: 'https://rivet.example',
    });
    expect(mail.text).toContain(`One-time password: ${password}`);
    expect(mail.text).toContain('https://rivet.example/admin/login');
    expect(mail.text).toContain('Username: ada.partner');
    expect(withoutSecrets(mail.text, mail.secrets)).not.toContain(password);
  });
});
