import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@vsp/contract/app-error';
import type { PublicUser } from '@vsp/contract/endpoints/user';
import type { UserRole } from '../../db/schema';
import type { AccountsRepository, UserRow } from './accounts.repository';

export interface CreateUserInput {
  userName: string;
  email: string;
  password: string;
  nickname?: string;
  role?: UserRole;
}

export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  async createUser(input: CreateUserInput): Promise<UserRow> {
    const passwordHash = await hash(input.password);
    return this.accounts.insert({
      userName: input.userName,
      email: input.email,
      nickname: input.nickname ?? input.userName,
      passwordHash,
      role: input.role ?? 'player',
    });
  }

  /**
   * Checks a login (user name or e-mail) and password. An unknown account still costs one hash
   * verification, so that timing does not tell which accounts exist.
   */
  async verifyLogin(login: string, password: string): Promise<UserRow> {
    const user = await this.accounts.findByLogin(login.trim());
    const passwordOk = await verify(user?.passwordHash ?? (await dummyHash()), password).catch(() => false);
    if (!user) throw new AppError(10008);
    if (!passwordOk) throw new AppError(10007);
    if (user.blocked) throw new AppError(10064);
    return user;
  }

  async publicProfile(uid: number): Promise<PublicUser> {
    const user = await this.accounts.findByUid(uid);
    if (!user) throw new AppError(10008);
    return { uid: user.uid, nickname: user.nickname };
  }
}

let dummy: Promise<string> | undefined;
/** A real argon2id hash of a random password, made once, to verify against for unknown accounts. */
function dummyHash(): Promise<string> {
  dummy ??= hash(crypto.randomUUID());
  return dummy;
}
