import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LIMITS, scheduleTimeChoices, TITLES } from '../../../../domain/limits';
import { MESSAGES } from '../../../../domain/messages';
import { isProLike, type User } from '../../api/user';
import { Banner, Button, Checkbox, FormStatus, SelectInput, TextInput, useFocusFirstError } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { formFromUser, timezoneChoices, toSettingsInput, validateSettings, type SettingsErrors, type SettingsForm } from './settings-form';

const TIMES = scheduleTimeChoices();
/** The success banner shows for 3 seconds (spec section 4). */
export const SETTINGS_BANNER_MS = 3000;

/** The role-dependent profile form (spec sections 5 and 6). */
export const ProfileForm = observer(function ProfileForm({ user }: { user: User }) {
  const { account } = useStores();
  const pro = isProLike(user);
  const [form, setForm] = useState<SettingsForm>(() => formFromUser(user));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<'saved' | 'error' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(formRef, attempt);
  const zones = useMemo(() => timezoneChoices(form.timezone), [form.timezone]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof SettingsForm) => (e: { target: { value: string } }) => set(key, e.target.value as never);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSettings(form, user.role);
    setErrors(found);
    if (Object.keys(found).length) {
      setBanner(null);
      setAttempt((n) => n + 1);
      return;
    }
    setSaving(true);
    setBanner(null);
    const ok = await account.saveSettings(toSettingsInput(form, user.role));
    setSaving(false);
    setBanner(ok ? 'saved' : 'error');
    if (!ok) setAttempt((n) => n + 1);
    if (timer.current) clearTimeout(timer.current);
    if (ok) timer.current = setTimeout(() => setBanner(null), SETTINGS_BANNER_MS);
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Profile">
      {banner === 'saved' && <Banner kind="success">{MESSAGES.settingsSaved}</Banner>}
      {banner === 'error' && <Banner kind="error">{MESSAGES.settingsError}</Banner>}
      <div className="form-row">
        <TextInput label="First name" autoComplete="given-name" value={form.firstName} onChange={text('firstName')} />
        <TextInput label="Last name" autoComplete="family-name" value={form.lastName} onChange={text('lastName')} />
      </div>
      <div className="form-row">
        <SelectInput label="Timezone" value={form.timezone} onChange={text('timezone')}>
          <option value="">Choose your timezone</option>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Lichess username" autoComplete="off" value={form.lichessUsername} onChange={text('lichessUsername')} />
      </div>

      {pro && (
        <>
          <h3 className="settings-section">Titled player profile</h3>
          {user.role === 'pro' ? (
            // The title is verified and set by an admin; the player sees it but cannot change it (server: 403).
            <TextInput label="Title" value={form.title || 'None'} readOnly hint="Set by our team when your title is verified. Contact us to change it." />
          ) : (
            <SelectInput label="Title" value={form.title} onChange={text('title')}>
              <option value="">None</option>
              {TITLES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectInput>
          )}
          <div className="form-row">
            <TextInput label="Peak bullet rating" type="number" min={0} value={form.lichessBulletRating} error={errors.lichessBulletRating} onChange={text('lichessBulletRating')} />
            <TextInput label="Peak blitz rating" type="number" min={0} value={form.lichessBlitzRating} error={errors.lichessBlitzRating} onChange={text('lichessBlitzRating')} />
            <TextInput label="Peak rapid rating" type="number" min={0} value={form.lichessRapidRating} error={errors.lichessRapidRating} onChange={text('lichessRapidRating')} />
          </div>
          <TextInput
            label="Price per minute (US$)"
            type="number"
            min={0.1}
            max={5}
            step={0.01}
            inputMode="decimal"
            value={form.pricePerMin}
            error={errors.pricePerMin}
            hint={form.pricePerMin && !errors.pricePerMin ? `Hourly rate shown to players: $${(30 * Number(form.pricePerMin)).toFixed(2)}` : 'From 0.10 to 5.00'}
            onChange={text('pricePerMin')}
          />
          <div className="form-row">
            <TextInput label="Minimum minutes per side" type="number" min={1} max={120} value={form.minsPerSideMin} error={errors.minsPerSideMin} onChange={text('minsPerSideMin')} />
            <TextInput label="Maximum minutes per side" type="number" min={1} max={120} value={form.minsPerSideMax} error={errors.minsPerSideMax} onChange={text('minsPerSideMax')} />
          </div>
          <Checkbox
            label="Online schedule (go offline automatically outside these hours)"
            checked={form.scheduleEnabled}
            onChange={(e) => {
              const on = e.target.checked;
              setForm((f) => ({
                ...f,
                scheduleEnabled: on,
                scheduleFrom: on ? LIMITS.defaultOnlineSchedule.from : '',
                scheduleTo: on ? LIMITS.defaultOnlineSchedule.to : '',
              }));
            }}
          />
          {form.scheduleEnabled && (
            <div className="form-row">
              <SelectInput label="From" value={form.scheduleFrom} error={errors.scheduleFrom} onChange={text('scheduleFrom')}>
                <option value="">--:--</option>
                {TIMES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </SelectInput>
              <SelectInput label="To" value={form.scheduleTo} error={errors.scheduleTo} onChange={text('scheduleTo')}>
                <option value="">--:--</option>
                {TIMES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </SelectInput>
            </div>
          )}
          <Checkbox
            label="Available for scheduled challenges"
            checked={form.availableForScheduledChallenges}
            onChange={(e) => set('availableForScheduledChallenges', e.target.checked)}
          />
          <Checkbox
            label="I provide post-game analysis"
            checked={form.providesPostgameAnalysis}
            onChange={(e) => set('providesPostgameAnalysis', e.target.checked)}
          />
        </>
      )}
      <Checkbox
        label="Play a sound for incoming challenges"
        checked={form.incomingChallengeAlertEnabled}
        onChange={(e) => set('incomingChallengeAlertEnabled', e.target.checked)}
      />
      <Button type="submit" busy={saving} disabled={saving}>
        {saving ? 'Saving…' : 'Save changes'}
      </Button>
      {/* The banner above may be off-screen on this long form: the result is also said here, by the button. */}
      <FormStatus message={banner === 'saved' ? MESSAGES.settingsSaved : banner === 'error' ? MESSAGES.settingsError : null} kind={banner === 'error' ? 'error' : 'success'} />
    </form>
  );
});
