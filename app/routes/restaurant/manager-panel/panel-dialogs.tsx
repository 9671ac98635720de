import { Form, Link } from "react-router";
import { Modal } from "~/components/app/modal";
import { Icon } from "~/components/icons/icon";
import { MANAGEMENT_MENU } from "~/modules/restaurants/app-sections";

/** Every management screen as a tile (?menu=1). */
export function ManagementMenu({ closeTo }: { closeTo: string }) {
  return (
    <Modal title="Tüm Yönetim" closeTo={closeTo}>
      <nav className="tile-grid" aria-label="Tüm yönetim">
        {MANAGEMENT_MENU.map((s) => (
          <Link key={s.path} className="tile" to={`/app/${s.path}`}>
            <Icon name={s.icon} size={28} />
            <span>{s.title}</span>
          </Link>
        ))}
      </nav>
    </Modal>
  );
}

/** The logout confirmation (?logout=1): a plain form posting to /logout. */
export function LogoutDialog({ closeTo }: { closeTo: string }) {
  return (
    <Modal title="Çıkış yap" closeTo={closeTo}>
      <p>Çıkış yapmak istediğinizden emin misiniz?</p>
      <Form method="post" action="/logout" className="button-row">
        <Link className="button" to={closeTo} replace>
          Vazgeç
        </Link>
        <button type="submit" className="button button--danger">
          Çıkış Yap
        </button>
      </Form>
    </Modal>
  );
}
