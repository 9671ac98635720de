// The owner's notice when a restaurant's manager password limit trips (decision 067): someone, most
// likely on a staff device, is guessing it. One e-mail per trip, to every active owner, sent by a job.
import { enqueueMail } from "~/modules/mail/jobs.server";
import { appUrl } from "~/modules/mail/mailer.server";
import { prisma } from "~/utils/db.server";

export const MANAGER_PASSWORD_ALERT_SUBJECT = "Yönetici şifreniz için çok fazla hatalı deneme";

export async function alertOwnersOfGuessing(restaurantId: number, failures: number, retryAfterSeconds: number) {
  const restaurant = await prisma.restaurant.findUniqueOrThrow({
    where: { id: restaurantId },
    select: { name: true, users: { where: { isOwner: true, isActive: true }, select: { email: true } } },
  });
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const text = [
    `Merhaba,`,
    ``,
    `${restaurant.name} için son 15 dakikada yönetici şifresi ${failures} kez yanlış girildi.`,
    `Güvenliğiniz için yeni denemeler ${minutes} dakika boyunca durduruldu. Yönetici şifresini son 12 saat içinde doğru giren cihazlar bundan etkilenmez.`,
    ``,
    `Bu denemeleri siz ya da yöneticiniz yapmadıysanız yönetici şifrenizi değiştirin:`,
    appUrl("/app/settings"),
    ``,
    `Sofra`,
  ].join("\n");
  // The job's key names the trip: a second call for the same window adds nothing.
  const trip = Math.round((Date.now() + retryAfterSeconds * 1000) / 60_000);
  for (const owner of restaurant.users) {
    await enqueueMail(
      { to: owner.email, subject: MANAGER_PASSWORD_ALERT_SUBJECT, text },
      { uniqueKey: `manager-password-alert:${restaurantId}:${trip}:${owner.email}`.slice(0, 191) },
    );
  }
}
