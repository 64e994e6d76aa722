import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useObjectDefs } from './queries';
import { useLang } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { useMe } from '../../lib/session';
import { DefinitionForm } from './DefinitionForm';
import { useDefinitionText } from './definition.text';
import { useObjectText } from './objects.text';
import '../../shell/screens.css';
import './objects.css';

/** The custom objects of the workspace, each a link to its records (one call); admins define a new one. */
export default function Objects() {
  const text = useObjectText();
  const lang = useLang();
  const q = useObjectDefs();
  const defText = useDefinitionText();
  const admin = useMe().user.role === 'admin';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <section className="ob-page">
      <div className="co-head">
        <h1>{text('objects')}</h1>
        {admin && !creating ? (
          <button type="button" onClick={() => setCreating(true)}>
            {defText('newType')}
          </button>
        ) : null}
      </div>
      <p className="help">{text('intro')}</p>
      {creating ? <DefinitionForm onDone={(o) => (o ? void navigate(`/objects/${encodeURIComponent(o.key)}`) : setCreating(false))} /> : null}
      <Loaded q={q}>
        {(objects) =>
          objects.length === 0 ? (
            <p className="panel">{text('noObjects')}</p>
          ) : (
            <ul className="ob-cards">
              {objects.map((o) => (
                <li key={o.key} className="panel">
                  <h2>
                    <Link to={`/objects/${encodeURIComponent(o.key)}`}>{o.label}</Link>
                  </h2>
                  <p className="help">
                    {text('fieldsN', { n: formatNumber(lang, o.fields.length) })}
                    {o.fields.length ? `: ${o.fields.map((x) => x.label).join(', ')}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
