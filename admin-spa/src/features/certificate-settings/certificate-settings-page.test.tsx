import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIGNATURE_MESSAGES as M, type CertificateSignature, type SignaturePartner } from '@rivet/shared/api/certificate-settings';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Institution/Certificate';
const PATH = '/configuration/certificate-settings';

const PARTNERS: SignaturePartner[] = [
  { id: 1, name: 'Rivet', fullName: 'Rivet Learning Platform', isActive: true, isPlatform: true, activeSignatures: 0 },
  { id: 2, name: 'UNILAG', fullName: 'University of Lagos', isActive: true, isPlatform: false, activeSignatures: 2 },
  { id: 5, name: 'OLDU', fullName: 'Old University', isActive: false, isPlatform: false, activeSignatures: 0 },
];

function server(extra: FakeRoutes = {}) {
  const signatures: CertificateSignature[] = [
    { id: 11, institutionId: 2, name: 'Prof. Adebola Ogunleye', jobTitle: 'Vice-Chancellor', signatureUrl: '/media/signatures/0f8b7f0e-1111-4c2e-9a55-4b3a2d1c0e9f.webp', isActive: true },
    { id: 12, institutionId: 2, name: 'Prof. Emeka Nwachukwu', jobTitle: 'Deputy Vice-Chancellor', signatureUrl: '/media/demo/signatures/unilag-3.svg', isActive: false },
  ];
  return fakeFetch({
    [`GET ${API}/Partners`]: (req) => {
      const id = Number(new URL(req.url).searchParams.get('Id'));
      const items = id ? PARTNERS.filter((p) => p.id === id) : PARTNERS;
      return ok({ items, totalRows: items.length });
    },
    [`GET ${API}/ViewSignatureAndName`]: () => ok(signatures),
    [`POST ${API}/UploadSignatureAndName`]: (req) => {
      const q = new URL(req.url).searchParams;
      const made = { id: 13, institutionId: Number(q.get('institutionId')), name: q.get('name')!, jobTitle: q.get('jobTitle')!, signatureUrl: '/media/signatures/new.webp', isActive: true };
      signatures.push(made);
      return ok(made, M.created);
    },
    [`PUT ${API}/UpdateSignatureAndName`]: (req) => {
      const q = new URL(req.url).searchParams;
      const s = signatures.find((x) => x.id === Number(q.get('id')))!;
      Object.assign(s, { name: q.get('name'), jobTitle: q.get('jobTitle') });
      return ok(s, M.updated);
    },
    ...extra,
  });
}

describe('Certificate Settings', () => {
  it('lists partners upper-cased, greying inactive ones, with Add and View Signatures', async () => {
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    const table = await screen.findByRole('grid', { name: 'Certificate Settings' });
    const old = await within(table).findByRole('row', { name: /Old University/ });
    expect(within(old).getByText('Old University').parentElement).toHaveClass('signatures__partner--inactive');
    expect(old).toHaveTextContent('Inactive');
    expect(within(table).getByRole('button', { name: 'Add a signature for University of Lagos' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'View signatures of University of Lagos' })).toBeInTheDocument();
    // Decision 079: the platform's own row says what its signatories are for.
    const platform = within(table).getByRole('row', { name: /Rivet Learning Platform/ });
    expect(platform).toHaveTextContent('The platform: signs for partners without a signatory');
    expect(within(table).getByRole('row', { name: /University of Lagos/ })).not.toHaveTextContent('The platform');
  });

  it('shows a partner’s signatures with the link’s last 16 characters and the picture in a popover, and goes back', async () => {
    const { user, router } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('button', { name: 'View signatures of University of Lagos' }));
    await waitFor(() => expect(router.state.location.search).toBe('?partner=2'));
    const table = await screen.findByRole('grid', { name: 'University of Lagos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Job Title', 'Signature', 'Action']);
    const link = await within(table).findByRole('button', { name: /show the signature of Prof. Adebola Ogunleye/ });
    expect(link).toHaveTextContent('…b3a2d1c0e9f.webp'.slice(-17));
    expect(link.textContent!.replace('…', '')).toHaveLength(16);
    await user.click(link);
    expect(await screen.findByRole('img', { name: 'Signature of Prof. Adebola Ogunleye' })).toHaveAttribute('src', '/media/signatures/0f8b7f0e-1111-4c2e-9a55-4b3a2d1c0e9f.webp');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('grid', { name: 'Certificate Settings' })).toBeInTheDocument();
  });

  it('adds a signatory only once name, job title and signature are all there', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: `${PATH}?partner=2`, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create or Update Certificate Signature' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mrs. Bisi Ade');
    await user.type(within(dialog).getByRole('textbox', { name: 'Job Title' }), 'Registrar');
    expect(save).toBeDisabled();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'sig.png', { type: 'image/png' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.path.endsWith('/UploadSignatureAndName'))!;
    expect(sent.query).toEqual({ name: 'Mrs. Bisi Ade', jobTitle: 'Registrar', institutionId: '2' });
    // The table shows the new signatory at once.
    expect(await screen.findByRole('row', { name: /Mrs. Bisi Ade/ })).toBeInTheDocument();
  });

  it('refuses a picture of the wrong type before sending it', async () => {
    const { user } = renderAdmin({ path: `${PATH}?partner=2`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create or Update Certificate Signature' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    // The file dialog offers only the accepted types; a file dropped past it is still checked.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'sig.gif', { type: 'image/gif' })] } });
    expect(await within(dialog).findByText(M.signatureType)).toBeInTheDocument();
  });

  it('edits a signatory keeping its picture', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: `${PATH}?partner=2`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const edit = await screen.findByRole('button', { name: 'Edit Prof. Adebola Ogunleye' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Create or Update Certificate Signature' });
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeEnabled();
    const title = within(dialog).getByRole('textbox', { name: 'Job Title' });
    await user.clear(title);
    await user.type(title, 'Vice-Chancellor Emeritus');
    await user.click(update);
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('/UpdateSignatureAndName'))?.query).toEqual({ id: '11', name: 'Prof. Adebola Ogunleye', jobTitle: 'Vice-Chancellor Emeritus' });
  });

  it('shows the signatures without actions to a role that only views them', async () => {
    const viewer = staffSession('INSTITUTION ADMIN', { permissions: ['viewCertificateSettings'] });
    renderAdmin({ path: `${PATH}?partner=2`, session: viewer, fetch: server().fetch });
    const readOnly = await screen.findByRole('grid', { name: 'University of Lagos' });
    await within(readOnly).findByRole('row', { name: /Emeka/ });
    expect(screen.queryByRole('button', { name: 'Add Signature' })).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: /Edit|Activate|Deactivate/ })).toBeNull();
  });
});
