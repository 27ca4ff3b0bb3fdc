export function StatusPill({ isActive }: { isActive: boolean }) {
  return <span className={`users__status${isActive ? ' users__status--active' : ''}`}>{isActive ? 'Active' : 'Inactive'}</span>;
}
