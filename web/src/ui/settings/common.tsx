// What the settings pages share: a section, saving with a toast, a checkbox row, a group-setting picker.
import type { ComponentChildren } from 'preact';
import { api, ApiError } from '../../api.ts';
import { store } from '../../live.ts';
import { showToast } from '../app-state.ts';
import { N_, t } from '../../i18n/i18n.ts';
import type { GroupSetting } from '../../types.ts';

export const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');
export const ok = (text: string) => showToast(text);
export const saved = () => ok(t('Saved.'));

export function Section({ title, children, intro }: { title: string; children: ComponentChildren; intro?: string }) {
  return <section class="settings-section"><h1>{title}</h1>{intro && <p class="muted-text">{intro}</p>}{children}</section>;
}

export const patchSettings = (p: Record<string, unknown>) => api.patch('/settings', p).then(saved).catch(fail);
export const patchRealm = (p: Record<string, unknown>) => api.patch('/realm', p).then(saved).catch(fail);

export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return <label class="check"><input type="checkbox" checked={checked} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} /> {label}</label>;
}

export const value = (e: Event) => (e.target as HTMLInputElement).value;


const SYSTEM_NAMES: Record<string, string> = {
  'role:nobody': N_('Nobody'), 'role:owners': N_('Owners'), 'role:administrators': N_('Administrators'), 'role:moderators': N_('Moderators'),
  'role:fullmembers': N_('Full members'), 'role:members': N_('Members'), 'role:everyone': N_('Everyone, including guests'), 'role:internet': N_('Everyone on the internet'),
};

export function groupLabel(id: number): string {
  const g = store.value!.groups.value.get(id);
  if (!g) return String(id);
  return g.is_system_group ? t(SYSTEM_NAMES[g.name] ?? g.name) : g.name;
}

/**
 * A group-setting value as a choice of one group (the system roles and the user groups); a value of
 * several members and groups (set elsewhere) shows as "Custom" and stays until another is chosen.
 */
export function GroupSettingSelect({ label, current, onChange, allowInternet }: { label: string; current: GroupSetting | undefined; onChange: (id: number) => void; allowInternet?: boolean }) {
  const s = store.value!;
  const groups = [...s.groups.value.values()].filter((g) => !g.deactivated && (allowInternet || g.name !== 'role:internet'))
    .sort((a, b) => Number(b.is_system_group) - Number(a.is_system_group) || a.name.localeCompare(b.name));
  const selected = typeof current === 'number' ? String(current) : 'custom';
  return (
    <label class="field"><span>{label}</span>
      <select class="input" value={selected} onChange={(e) => { const v = value(e); if (v !== 'custom') onChange(Number(v)); }}>
        {selected === 'custom' && <option value="custom">{t('Custom')}</option>}
        {groups.map((g) => <option key={g.id} value={g.id}>{groupLabel(g.id)}</option>)}
      </select>
    </label>
  );
}
